// Settings → Approval rules (docs/product/screens.md#settings, docs/product/rules.md#approvals): each rule on or off,
// its threshold, and who may approve what it flags. Saved as a whole; the server checks every value.
import {
  Alert,
  Button,
  Card,
  CardActions,
  CardContent,
  CardHeader,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import {
  APPROVAL_RULE_KEYS,
  APPROVAL_RULE_LABELS,
  type ApprovalRuleKey,
  type ApprovalRules,
  type Approver,
} from '@quotewright/domain';
import { useEffect, useState } from 'react';
import { useSnackbar } from '../../../app/providers/snackbar';
import { ApiError, errorMessage } from '../../../lib/api';
import { moneyCurrency } from '../../../lib/format';
import { useApprovalRules, useSaveApprovalRules } from '../api/approvalRules';

const APPROVER_LABELS: Record<Approver, string> = {
  sales_full: 'Sales full rights',
  admin: 'Admins only',
};
/** The threshold's unit as its field shows it. */
const UNIT: Record<ApprovalRuleKey, string> = {
  line_margin: '%',
  sale_margin: '%',
  max_discount: '%',
  sale_total: '$',
};

type Draft = Record<ApprovalRuleKey, { enabled: boolean; threshold: string; approver: Approver }>;
const draftOf = (r: ApprovalRules): Draft =>
  Object.fromEntries(APPROVAL_RULE_KEYS.map((k) => [k, { ...r[k], threshold: String(r[k].threshold) }])) as Draft;

export function ApprovalRulesCard() {
  const query = useApprovalRules();
  const save = useSaveApprovalRules();
  const snackbar = useSnackbar();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (query.data && draft === null) setDraft(draftOf(query.data));
  }, [query.data, draft]);

  const set = (k: ApprovalRuleKey, patch: Partial<Draft[ApprovalRuleKey]>) =>
    setDraft((d) => (d ? { ...d, [k]: { ...d[k], ...patch } } : d));
  const submit = async () => {
    if (!draft) return;
    setErrors({});
    const rules = Object.fromEntries(
      APPROVAL_RULE_KEYS.map((k) => [k, { ...draft[k], threshold: Number(draft[k].threshold.trim() || Number.NaN) }]),
    ) as ApprovalRules;
    const bad = APPROVAL_RULE_KEYS.filter((k) => !Number.isFinite(rules[k].threshold));
    if (bad.length > 0) {
      setErrors(Object.fromEntries(bad.map((k) => [`${k}.threshold`, 'The threshold must be a number'])));
      return;
    }
    try {
      const saved = await save.mutateAsync(rules);
      setDraft(draftOf(saved));
      snackbar.show('Approval rules saved', 'success');
    } catch (err) {
      if (err instanceof ApiError && err.hasFieldErrors) setErrors(err.errors);
      else snackbar.showError(err);
    }
  };

  return (
    <Card variant="outlined" sx={{ mt: 3 }} data-testid="approval-rules">
      <CardHeader
        title="Approval rules"
        subheader="A sale that breaks a rule that is on needs an approver's yes before it is published to the ERP."
      />
      <CardContent>
        {query.error && <Alert severity="error">{errorMessage(query.error)}</Alert>}
        {draft && (
          <Stack spacing={2}>
            {APPROVAL_RULE_KEYS.map((k) => (
              <Stack key={k} direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }}>
                <FormControlLabel
                  sx={{ minWidth: 360 }}
                  control={
                    <Switch checked={draft[k].enabled} onChange={(e) => set(k, { enabled: e.target.checked })} />
                  }
                  label={APPROVAL_RULE_LABELS[k]}
                />
                <TextField
                  size="small"
                  label={`Threshold (${k === 'sale_total' ? moneyCurrency().symbol : UNIT[k]})`}
                  value={draft[k].threshold}
                  onChange={(e) => set(k, { threshold: e.target.value })}
                  error={errors[`${k}.threshold`] !== undefined}
                  helperText={errors[`${k}.threshold`]}
                  slotProps={{
                    htmlInput: { inputMode: 'decimal', 'aria-label': `${APPROVAL_RULE_LABELS[k]}: threshold` },
                  }}
                  sx={{ width: 180 }}
                />
                <TextField
                  select
                  size="small"
                  label="Who approves"
                  value={draft[k].approver}
                  onChange={(e) => set(k, { approver: e.target.value as Approver })}
                  slotProps={{ htmlInput: { 'aria-label': `${APPROVAL_RULE_LABELS[k]}: who approves` } }}
                  sx={{ width: 200 }}
                >
                  {(Object.keys(APPROVER_LABELS) as Approver[]).map((a) => (
                    <MenuItem key={a} value={a}>
                      {APPROVER_LABELS[a]}
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
            ))}
          </Stack>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button variant="contained" onClick={() => void submit()} disabled={!draft || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save rules'}
        </Button>
      </CardActions>
    </Card>
  );
}
