// What the sale's and the template's sections tables share (docs/product/screens.md#sections-table,
// docs/product/screens.md#template-editor): the section added inline from `Add Section`, the question before a delete.
import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';

export const DELETE_SECTION_MESSAGE = 'Are you sure you want to delete the entire section?';

export function AddSectionButton({ onClick }: { onClick: () => void }) {
  return (
    <Button startIcon={<AddIcon />} variant="contained" size="small" onClick={onClick}>
      Add Section
    </Button>
  );
}
