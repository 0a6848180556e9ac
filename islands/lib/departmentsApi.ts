/**
 * The departments API (spec 01 §7) as the islands call it, typed with the JSON shapes of
 * src/validation/departments.ts, and the react-query keys its reads are cached under (the first element is the
 * URL, as the spec's cached reads expect).
 */
import {
  type CreateDepartmentResponse,
  type DepartmentCreateInput,
  type DepartmentJson,
  type UserDepartmentJson,
} from '../../src/validation/departments';
import type { MembershipVerificationStateJson } from '../../src/validation/verification';
import { api } from './api';

export const USER_DEPARTMENTS_KEY = ['/api/departments/user'] as const;
export const DEPARTMENT_SEARCH_URL = '/api/departments/search';
export const departmentSearchKey = (query: string) => [DEPARTMENT_SEARCH_URL, query] as const;

export const departmentsApi = {
  search: (query: string) => api.get<DepartmentJson[]>(`${DEPARTMENT_SEARCH_URL}?q=${encodeURIComponent(query)}`),
  userLinks: () => api.get<UserDepartmentJson[]>(USER_DEPARTMENTS_KEY[0]),
  create: (input: DepartmentCreateInput & { addAnyway?: boolean }) =>
    api.post<CreateDepartmentResponse>('/api/departments/create', input),
  add: (input: { departmentId: number; isPrimary: boolean }) =>
    api.post<UserDepartmentJson>('/api/departments/user', input),
  patch: (linkId: number, input: { isPrimary: boolean }) =>
    api.patch<UserDepartmentJson>(`/api/departments/user/${linkId}`, input),
  remove: (linkId: number) => api.delete<void>(`/api/departments/user/${linkId}`),
  requestVerification: (linkId: number) =>
    api.post<MembershipVerificationStateJson>(`/api/departments/user/${linkId}/verification`, {}),
  setListing: (linkId: number, input: { listed: boolean }) =>
    api.patch<UserDepartmentJson>(`/api/departments/user/${linkId}/listing`, input),
};
