/**
 * The admin dashboard's user stat cards (spec 01 §2): Total, Active, Inactive, Admin and Regular users.
 * Seeded from the server; refetched whenever a user change invalidates ADMIN_KEYS.stats.
 */
import { useQuery } from '@tanstack/react-query';
import { ADMIN_LABELS, type AdminStatsJson } from '../src/validation/admin';
import { ADMIN_KEYS, adminApi } from './lib/adminApi';
import { StatCards } from '../views/ui/DataTable';

export default function AdminStats({ initialStats }: { initialStats: AdminStatsJson }) {
  const stats = useQuery({ queryKey: ADMIN_KEYS.stats, queryFn: adminApi.stats, initialData: initialStats }).data;
  const L = ADMIN_LABELS.stats;
  return (
    <StatCards
      items={[
        { label: L.totalUsers, value: stats.totalUsers },
        { label: L.activeUsers, value: stats.activeUsers },
        { label: L.inactiveUsers, value: stats.inactiveUsers },
        { label: L.adminUsers, value: stats.adminUsers },
        { label: L.regularUsers, value: stats.regularUsers },
      ]}
    />
  );
}
