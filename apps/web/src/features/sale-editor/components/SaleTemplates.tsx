// The sale's templates (docs/product/screens.md#templates-menu: 'Template Added' / 'Template Refreshed' / 'Template
// Removed'): apply a template's chosen sections (merge or overwrite), and refresh or remove an applied one.
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LibraryAddIcon from '@mui/icons-material/LibraryAdd';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormControl,
  FormControlLabel,
  FormLabel,
  InputLabel,
  ListItemText,
  Menu,
  MenuItem,
  Radio,
  RadioGroup,
  Select,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { DEFAULT_TEMPLATE_COPY_STYLE, TEMPLATE_COPY_STYLES, type TemplateCopyStyle } from '@quotewright/domain';
import { useState } from 'react';
import { useDialog } from '../../../app/providers/dialog';
import { useSaleTemplateAction, useTemplateChoices, useTemplateSections } from '../api/templates';

export const TEMPLATE_ADDED = 'Template Added';
export const TEMPLATE_REFRESHED = 'Template Refreshed';
export const TEMPLATE_REMOVED = 'Template Removed';

export function ApplyTemplateDialog({
  onCancel,
  onApply,
}: {
  onCancel: () => void;
  onApply: (req: { templateId: string; sections: string[]; copyStyle: TemplateCopyStyle }) => void;
}) {
  const templates = useTemplateChoices(true);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const template = useTemplateSections(templateId);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [copyStyle, setCopyStyle] = useState<TemplateCopyStyle>(DEFAULT_TEMPLATE_COPY_STYLE);
  const sections = template.data?.sections ?? [];
  const selected = chosen ?? sections.map((s) => s._id);
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="sm" aria-labelledby="apply-template-title">
      <DialogTitle id="apply-template-title">Apply Template</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <FormControl fullWidth>
            <InputLabel id="apply-template-choice">Template</InputLabel>
            <Select
              labelId="apply-template-choice"
              label="Template"
              value={templateId ?? ''}
              onChange={(e) => {
                setTemplateId(e.target.value || null);
                setChosen(null);
              }}
            >
              {(templates.data ?? []).map((t) => (
                <MenuItem key={t._id} value={t._id}>
                  {t.name}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          {templateId && (
            <FormControl component="fieldset">
              <FormLabel component="legend">Sections</FormLabel>
              {template.isLoading && <Typography color="text.secondary">Loading…</Typography>}
              {sections.map((s) => (
                <FormControlLabel
                  key={s._id}
                  label={`${s.name} (${s.lines.length} line${s.lines.length === 1 ? '' : 's'})`}
                  control={
                    <Checkbox
                      checked={selected.includes(s._id)}
                      onChange={(e) =>
                        setChosen(e.target.checked ? [...selected, s._id] : selected.filter((x) => x !== s._id))
                      }
                    />
                  }
                />
              ))}
            </FormControl>
          )}
          <FormControl>
            <FormLabel id="apply-template-style">Copy style</FormLabel>
            <RadioGroup
              row
              aria-labelledby="apply-template-style"
              value={copyStyle}
              onChange={(e) => setCopyStyle(e.target.value as TemplateCopyStyle)}
            >
              {TEMPLATE_COPY_STYLES.map((s) => (
                <FormControlLabel key={s} value={s} control={<Radio />} label={s === 'merge' ? 'Merge' : 'Overwrite'} />
              ))}
            </RadioGroup>
          </FormControl>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!templateId || selected.length === 0}
          onClick={() => templateId && onApply({ templateId, sections: selected, copyStyle })}
        >
          Apply
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export const TEMPLATE_DELETED_TOOLTIP =
  'This template was deleted, so it cannot be refreshed. Its lines can still be removed.';

/**
 * The 'Templates' button of the sale editor: Apply Template, and Refresh / Remove per applied template. An applied
 * template that no longer exists (not in the template list, read again when the menu opens) is shown as deleted:
 * Refresh is disabled with a tooltip, Remove still deletes its lines.
 */
export function SaleTemplatesButton({
  saleId,
  applied,
}: {
  saleId: string;
  applied: readonly { _id: string; name: string }[];
}) {
  const dialog = useDialog();
  const action = useSaleTemplateAction(saleId);
  const templates = useTemplateChoices(applied.length > 0);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [applying, setApplying] = useState(false);
  const existing = templates.data ? new Set(templates.data.map((t) => t._id)) : null;
  const deleted = (id: string) => existing !== null && !existing.has(id);

  // Each step's failure has been reported by the mutation (the 'Error' dialog); nothing is left to reject.
  const refresh = async (t: { _id: string; name: string }) => {
    setAnchor(null);
    const ok = await dialog.confirm({
      title: 'Refresh Template',
      message: `Replace the lines of ${t.name} in this quote with the template's current lines?`,
      confirmLabel: 'Refresh',
    });
    if (!ok) return;
    if (!(await action.mutateAsync({ action: 'refresh', templateId: t._id }).then(ran, failed))) return;
    await dialog.open({ title: TEMPLATE_REFRESHED, message: `${t.name} was refreshed.` });
  };
  const remove = async (t: { _id: string; name: string }) => {
    setAnchor(null);
    const ok = await dialog.confirm({
      title: 'Remove Template',
      message: `Remove the lines of ${t.name} from this quote? Sections left empty are deleted too.`,
      confirmLabel: 'Remove',
    });
    if (!ok) return;
    if (!(await action.mutateAsync({ action: 'remove', templateId: t._id }).then(ran, failed))) return;
    await dialog.open({ title: TEMPLATE_REMOVED, message: `${t.name} was removed; empty sections were also deleted.` });
  };

  return (
    <>
      <Button
        startIcon={<LibraryAddIcon />}
        endIcon={<ExpandMoreIcon />}
        variant="outlined"
        aria-haspopup="menu"
        onClick={(e) => {
          setAnchor(e.currentTarget);
          if (applied.length > 0) void templates.refetch();
        }}
      >
        Templates
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setApplying(true);
          }}
        >
          <ListItemText>Apply Template…</ListItemText>
        </MenuItem>
        {applied.length > 0 && <Divider />}
        {applied.flatMap((t) => [
          deleted(t._id) ? (
            <Tooltip key={`r-${t._id}`} title={TEMPLATE_DELETED_TOOLTIP} placement="left">
              {/* a disabled item takes no pointer events: the span carries the tooltip */}
              <span data-testid={`template-deleted-${t._id}`}>
                <MenuItem disabled>
                  <ListItemText secondary="Template deleted">Refresh {t.name}</ListItemText>
                </MenuItem>
              </span>
            </Tooltip>
          ) : (
            <MenuItem key={`r-${t._id}`} onClick={() => void refresh(t)}>
              <ListItemText>Refresh {t.name}</ListItemText>
            </MenuItem>
          ),
          <MenuItem key={`x-${t._id}`} onClick={() => void remove(t)}>
            <ListItemText>Remove {t.name}</ListItemText>
          </MenuItem>,
        ])}
      </Menu>
      {applying && (
        <ApplyTemplateDialog
          onCancel={() => setApplying(false)}
          onApply={(req) => {
            setApplying(false);
            void action
              .mutateAsync({ action: 'add', ...req })
              .then(ran, failed)
              .then((done) =>
                done ? dialog.open({ title: TEMPLATE_ADDED, message: 'The template was added to this quote.' }) : null,
              );
          }}
        />
      )}
    </>
  );
}

const ran = () => true;
const failed = () => false;
