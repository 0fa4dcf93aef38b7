// The sections table's handlers (docs/product/screens.md#sections-table): each action goes to its mutation, which
// reports its own failure.
import { useDialog } from '../../../app/providers/dialog';
import { DELETE_SECTION_MESSAGE } from '../../../components/lines/SectionActions';
import {
  useCreateSection,
  useDeleteSection,
  useDuplicateSection,
  useReorderSections,
  useUpdateSection,
} from '../api/mutations';
import type { SaleSection } from '../api/types';
import type { SectionHandlers } from '../components/SectionsTable';
import { settled } from './editorTasks';
import { useStableHandlers } from './stableCallbacks';

const SECTION_HANDLERS: Record<keyof SectionHandlers, true> = {
  open: true,
  create: true,
  rename: true,
  setPresentation: true,
  remove: true,
  duplicate: true,
  copy: true,
  reorder: true,
};

/**
 * The sections' handlers, one object for the editor's life: the sections table renders again only when the
 * sections change (not when the editor does, e.g. as its other queries arrive).
 */
export function useSectionHandlers(
  saleId: string,
  openSection: (id: string) => void,
  copy: (section: SaleSection) => void,
): SectionHandlers {
  const dialog = useDialog();
  const createSection = useCreateSection(saleId);
  const duplicateSection = useDuplicateSection(saleId);
  const updateSection = useUpdateSection(saleId);
  const deleteSection = useDeleteSection(saleId);
  const reorderSections = useReorderSections(saleId);
  const sectionHandlers: SectionHandlers = {
    open: (s) => openSection(s._id),
    create: async (name) => (await settled(createSection.mutateAsync({ name }))) !== undefined,
    // optimistic: the new name shows at once (a refusal restores the old one in an 'Error' dialog, or, when someone
    // else renamed the section meanwhile, the row asks: decision 0020)
    rename: async (s, name, save) => {
      const based = save && {
        base: { name: save.base },
        refused: save.refused,
        ...(save.overwrite && { overwrite: true }),
      };
      updateSection.mutate({ sectionId: s._id, name, ...based });
      return true;
    },
    setPresentation: (s, presentation) => updateSection.mutate({ sectionId: s._id, presentation }),
    remove: async (s) => {
      const ok = await dialog.confirm({
        title: 'Delete Section',
        message: `${DELETE_SECTION_MESSAGE}\n\n${s.name}`,
        confirmLabel: 'Delete',
        destructive: true,
      });
      if (ok) await settled(deleteSection.mutateAsync({ sectionId: s._id }));
    },
    duplicate: (s) => duplicateSection.mutate({ sectionId: s._id }),
    copy,
    reorder: (from, to) => reorderSections.mutate({ from, to }),
  };
  return useStableHandlers(sectionHandlers, SECTION_HANDLERS);
}
