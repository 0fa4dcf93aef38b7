import { Card, CardContent, CardHeader, Stack } from '@mui/material';
import { PageHeader } from '../../components/PageHeader';
import { ApprovalRulesCard } from './components/ApprovalRulesCard';
import { DocumentSettingsCard } from './components/DocumentSettingsCard';
import { FetchButton } from './components/FetchButton';

export function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" />
      <Card variant="outlined">
        <CardHeader
          title="ERP Data Fetch"
          subheader="Bring products, sales and contacts in from the ERP. Fetches run in the background; you can leave this page."
        />
        <CardContent>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
            <FetchButton kind="products" />
            <FetchButton kind="sales" />
            <FetchButton kind="contacts" />
          </Stack>
        </CardContent>
      </Card>
      <DocumentSettingsCard />
      <ApprovalRulesCard />
    </>
  );
}
