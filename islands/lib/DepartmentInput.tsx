/**
 * A department's name with the registry's suggestions (docs/decisions/hiring-tracker.md): the kit's Combobox over
 * the department search (GET /api/departments/search, as the department picker asks it). Choosing a department
 * sets the text to its name; free text stays allowed. The input keeps the field's id and form name, so the plain
 * form posts it without JavaScript.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DepartmentSummary } from '../../views/ui/DepartmentSummary';
import { DEPARTMENT_SEARCH_MIN_CHARS } from '../../src/validation/departments';
import type { FieldMeta } from '../../src/validation/lists/define';
import { departmentsApi, departmentSearchKey } from './departmentsApi';
import { useDebouncedValue } from './useDebouncedValue';
import { shown } from './useForm';
import type { FieldBind } from './fieldBind';
import { SuggestionField } from './SuggestionField';

export const DEPARTMENT_INPUT_DEBOUNCE_MS = 250;

export function DepartmentInput({ meta, bind }: { meta: FieldMeta; bind: FieldBind }) {
  const text = shown(bind.value);
  const query = useDebouncedValue(text.trim(), DEPARTMENT_INPUT_DEBOUNCE_MS);
  const searchable = query.length >= DEPARTMENT_SEARCH_MIN_CHARS;
  const search = useQuery({
    queryKey: departmentSearchKey(query),
    queryFn: () => departmentsApi.search(query),
    enabled: searchable,
    placeholderData: keepPreviousData,
  });
  // A chosen department's own name is not a search any more.
  const results = searchable && search.data ? search.data.filter((department) => department.name !== text) : [];
  return (
    <SuggestionField
      meta={meta}
      bind={bind}
      options={results}
      optionKey={(department) => department.id}
      renderOption={(department) => <DepartmentSummary department={department} />}
      onSelect={(department) => {
        bind.onChange(department.name);
        bind.onBlur();
      }}
      status={`${results.length} ${results.length === 1 ? 'department' : 'departments'} found`}
      testId="department-input"
    />
  );
}
