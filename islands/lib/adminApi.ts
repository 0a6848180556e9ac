/**
 * The admin API (spec 01 §7 "Admin") as the admin islands call it, typed with src/validation/admin.ts, and the
 * react-query keys its reads are cached under (the first element is the URL). One QueryClient serves every
 * island of the page, so a change in one island refreshes the stats another shows.
 */
import type { DepartmentImportJson, DepartmentMergeJson } from '../../src/validation/departmentAdmin';
import type { AiLogFilter } from '../../src/validation/admin';
import type {
  AdminStatsJson,
  AdminUserJson,
  AdminUsersPageJson,
  AiLogsPageJson,
  BetaCodeJson,
  BetaCodeStatsJson,
  BlacklistEntryJson,
  BlacklistType,
  ConnectionTestJson,
  SetupReportJson,
} from '../../src/validation/admin';
import type { Role } from '../../src/validation/auth';
import type { DepartmentCreateInput, DepartmentJson } from '../../src/validation/departments';
import { api } from './api';

export const ADMIN_KEYS = {
  stats: ['/api/admin/stats'] as const,
  users: (q: string, page: number) => ['/api/admin/users', q, page] as const,
  usersAll: ['/api/admin/users'] as const,
  betaCodes: ['/api/admin/beta-codes'] as const,
  betaCodeStats: ['/api/admin/beta-codes/stats'] as const,
  blacklist: ['/api/admin/blacklist'] as const,
  pendingDepartments: ['/api/admin/departments/pending'] as const,
  aiLogs: (filter: AiLogFilter, page: number) => ['/api/admin/ai-logs', filter, page] as const,
};

const query = (params: Record<string, string | number>) =>
  Object.entries(params)
    .filter(([, v]) => v !== '' && v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

export const adminApi = {
  stats: () => api.get<AdminStatsJson>(ADMIN_KEYS.stats[0]),
  users: (q: string, page: number) => api.get<AdminUsersPageJson>(`/api/admin/users?${query({ q, page })}`),
  setRole: (id: number, role: Role) => api.patch<AdminUserJson>(`/api/admin/users/${id}/role`, { role }),
  setStatus: (id: number, isActive: boolean) => api.patch<AdminUserJson>(`/api/admin/users/${id}/status`, { isActive }),
  deleteUser: (id: number) => api.delete<void>(`/api/admin/users/${id}`),
  betaCodes: () => api.get<BetaCodeJson[]>(ADMIN_KEYS.betaCodes[0]),
  betaCodeStats: () => api.get<BetaCodeStatsJson>(ADMIN_KEYS.betaCodeStats[0]),
  createBetaCode: (input: { code: string; maxUses: number; expiresAt: Date | null; notes: string | null }) =>
    api.post<BetaCodeJson>('/api/admin/beta-codes', input),
  setBetaCodeActive: (id: number, active: boolean) =>
    api.patch<BetaCodeJson>(`/api/admin/beta-codes/${id}/${active ? 'reactivate' : 'deactivate'}`),
  blacklist: () => api.get<BlacklistEntryJson[]>(ADMIN_KEYS.blacklist[0]),
  addToBlacklist: (input: { type: BlacklistType; value: string; reason: string | null }) =>
    api.post<BlacklistEntryJson>('/api/admin/blacklist', input),
  removeFromBlacklist: (id: number) => api.delete<void>(`/api/admin/blacklist/${id}`),
  pendingDepartments: () => api.get<DepartmentJson[]>(ADMIN_KEYS.pendingDepartments[0]),
  editDepartment: (id: number, input: DepartmentCreateInput) =>
    api.patch<DepartmentJson>(`/api/admin/departments/${id}`, input),
  mergeDepartment: (id: number, intoId: number) =>
    api.post<DepartmentMergeJson>(`/api/admin/departments/${id}/merge`, { intoId }),
  importRegistry: (form: FormData) => api.upload<DepartmentImportJson>('/api/admin/departments/imports', form),
  departmentImport: (id: number) => api.get<DepartmentImportJson>(`/api/admin/departments/imports/${id}`),
  verifyDepartment: (id: number, status: 'verified' | 'rejected') =>
    api.patch<DepartmentJson>(`/api/admin/departments/${id}/verify`, { status }),
  aiLogs: (filter: AiLogFilter, page: number) =>
    api.get<AiLogsPageJson>(`/api/admin/ai-logs?${query({ filter, page })}`),
  testConnection: (databaseUrl: string) =>
    api.post<ConnectionTestJson>('/api/admin/test-supabase-connection', { databaseUrl }),
  setUp: (input: {
    databaseUrl: string;
    projectUrl?: string | null;
    anonKey?: string | null;
    serviceRoleKey?: string | null;
  }) => api.post<SetupReportJson>('/api/admin/setup-supabase', input),
};
