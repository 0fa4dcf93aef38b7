import { PageHeader } from '../../components/PageHeader';
import { UsersTable } from './components/UsersTable';

export function UsersPage() {
  return (
    <>
      <PageHeader title="User Management" subtitle="Accounts, admin rights and module access" />
      <UsersTable />
    </>
  );
}
