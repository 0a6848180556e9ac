/**
 * The fire department picker (spec 01 §§2, 5, 7, 8; spec 02 §2): search as you type, choose with mouse or
 * keyboard (ui/Combobox), or add a new department (the create form, on useForm with departmentCreateSchema).
 *
 * `DepartmentPickerField` is the reusable, controlled field (Create Profile and My Departments embed it):
 * `{ value, onChange(department | null, { created }), label, required, excludeIds, allowCreate }`.
 * The default export is a standalone island that keeps its own value and posts it as a hidden input.
 * Nothing here is a <form>, so the field can sit inside another form; Enter never submits the outer form.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useId } from '../views/ui/useId';
import { styled } from 'styled-components';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { sc } from '../views/ui/sc';
import { Button } from '../views/ui/Button';
import { Combobox, RequiredMark } from '../views/ui/Combobox';
import { DepartmentSummary } from '../views/ui/DepartmentSummary';
import { ErrorText, HelpText, TextField } from '../views/ui/Field';
import { departmentsApi, departmentSearchKey, DEPARTMENT_SEARCH_URL, USER_DEPARTMENTS_KEY } from './lib/departmentsApi';
import { toast } from './lib/toast';
import { useApiMutation } from './lib/useApiMutation';
import { useDebouncedValue } from './lib/useDebouncedValue';
import { useHydrated } from './lib/useHydrated';
import { useForm } from './lib/useForm';
import {
  DEFAULT_COUNTRY,
  DEPARTMENT_MESSAGES as M,
  DEPARTMENT_SEARCH_MIN_CHARS,
  departmentFieldsSchema,
  hasMissingDepartmentFields,
  type DepartmentJson,
} from '../src/validation/departments';
import { theme } from '../views/ui/theme';

export { USER_DEPARTMENTS_KEY } from './lib/departmentsApi';
export const SEARCH_DEBOUNCE_MS = 250;

// ── styles ───────────────────────────────────────────────────────────────────────────────────────────

const Field = styled.div.withConfig(sc('DeptPickerField'))`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[2]};
  font-family: ${theme.font.family};
  color: ${theme.color.ink};
`;

const LinkButton = styled.button.withConfig(sc('DeptPickerLinkButton'))`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space[1]};
  align-self: flex-start;
  min-height: 32px;
  padding: 0 ${theme.space[2]};
  border: 0;
  border-radius: 6px;
  background: transparent;
  color: ${theme.color.brand};
  font: inherit;
  font-size: ${theme.font.size.sm};
  font-weight: 600;
  cursor: pointer;
  &:hover {
    background: ${theme.color.brandTint};
  }
  &:focus-visible {
    outline: 2px solid ${theme.color.brand};
    outline-offset: 2px;
  }
`;

const SelectedLabel = styled.span.withConfig(sc('DeptPickerSelectedLabel'))`
  font-size: ${theme.font.size.sm};
  font-weight: 600;
`;

const Selected = styled.div.withConfig(sc('DeptPickerSelected'))`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[3]};
  padding: ${theme.space[2]} ${theme.space[2]} ${theme.space[2]} ${theme.space[3]};
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius.control};
  background: ${theme.color.surface};
`;

/** An offered department: the button goes under the text when both do not fit (375 px). */
const OfferRow = styled(Selected).withConfig(sc('DeptPickerOfferRow'))`
  flex-wrap: wrap;
`;

const SelectedText = styled.div.withConfig(sc('DeptPickerSelectedText'))`
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 0;
`;

const CreatePanel = styled.div.withConfig(sc('DeptPickerCreatePanel'))`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]};
  padding: ${theme.space[4]};
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius.card};
  background: ${theme.color.canvas};
`;

const CreateTitle = styled.h3.withConfig(sc('DeptPickerCreateTitle'))`
  margin: 0;
  font-size: ${theme.font.size.md};
`;

const CreateGrid = styled.div.withConfig(sc('DeptPickerCreateGrid'))`
  display: grid;
  grid-template-columns: 1fr;
  gap: ${theme.space[3]};
  @media (min-width: 640px) {
    grid-template-columns: 1fr 1fr;
    & > :first-child {
      grid-column: 1 / -1;
    }
  }
`;

const CreateActions = styled.div.withConfig(sc('DeptPickerCreateActions'))`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
`;

// ── the add-a-department form ────────────────────────────────────────────────────────────────────────

interface CreateFormProps {
  initialName: string;
  onCreated: (department: DepartmentJson) => void;
  /** A close department offered instead of adding one was chosen ("Use this one"). */
  onPicked: (department: DepartmentJson) => void;
  onCancel: () => void;
}

/** The departments like the one being added, offered before it is added (docs/decisions/pending-departments.md). */
function SimilarOffer({
  matches,
  busy,
  onPick,
  onAddAnyway,
}: {
  matches: DepartmentJson[];
  busy: boolean;
  onPick: (department: DepartmentJson) => void;
  onAddAnyway: () => void;
}) {
  return (
    <CreatePanel role="group" aria-labelledby="department-similar-title" data-testid="department-similar">
      <CreateTitle id="department-similar-title">{M.similarTitle}</CreateTitle>
      <HelpText>{M.similarDescription}</HelpText>
      {matches.map((department) => (
        <OfferRow key={department.id}>
          <SelectedText>
            <DepartmentSummary department={department} />
          </SelectedText>
          <Button type="button" onClick={() => onPick(department)} aria-label={`${M.useThis}: ${department.name}`}>
            {M.useThis}
          </Button>
        </OfferRow>
      ))}
      <CreateActions>
        <Button type="button" $variant="secondary" onClick={onAddAnyway} disabled={busy}>
          {M.addAnyway}
        </Button>
      </CreateActions>
    </CreatePanel>
  );
}

function CreateDepartmentForm({ initialName, onCreated, onPicked, onCancel }: CreateFormProps) {
  const [offered, setOffered] = useState<DepartmentJson[] | null>(null);
  const form = useForm(departmentFieldsSchema, {
    name: initialName,
    city: '',
    state: '',
    county: '',
    country: DEFAULT_COUNTRY,
  });
  const firstInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    firstInput.current?.focus();
  }, []);

  const create = useApiMutation({
    request: departmentsApi.create,
    // The user's own pending department is now searchable for them.
    invalidate: [USER_DEPARTMENTS_KEY, [DEPARTMENT_SEARCH_URL]],
    success: (answer) =>
      'matches' in answer
        ? undefined
        : {
            title: M.addedTitle,
            description: answer.department.source === 'user_added' ? M.addedPending : M.addedToProfile,
          },
    fallbackMessage: M.addFailed,
    errorTitle: M.errorTitle,
    form,
    onSuccess: (answer) => ('matches' in answer ? setOffered(answer.matches) : onCreated(answer.department)),
  });

  // Not a <form>: this panel may sit inside another form (Create Profile). Enter in a field submits it.
  const trySubmit = () => {
    if (create.isPending) return;
    if (hasMissingDepartmentFields(form.values)) {
      toast({ title: M.missingTitle, description: M.missingFields, variant: 'destructive' });
    }
    form.submit((values) => create.mutate(values));
  };

  if (offered) {
    return (
      <SimilarOffer
        matches={offered}
        busy={create.isPending}
        onPick={onPicked}
        onAddAnyway={() => form.submit((values) => create.mutate({ ...values, addAnyway: true }))}
      />
    );
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault(); // never submit a surrounding form
      trySubmit();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      onCancel();
    }
  };

  // The missing-fields rule speaks through its toast; a field shows only its own message (too long).
  const field = (key: 'name' | 'city' | 'state' | 'county' | 'country', label: string, required: boolean) => {
    const bound = form.text(key);
    return (
      <TextField
        {...bound}
        error={bound.error === M.missingFields ? undefined : bound.error}
        label={
          <>
            {label}
            {required ? <RequiredMark aria-hidden="true">*</RequiredMark> : null}
          </>
        }
        ref={key === 'name' ? firstInput : undefined}
        aria-required={required || undefined}
        autoComplete={key === 'city' ? 'address-level2' : key === 'state' ? 'address-level1' : 'off'}
        onKeyDown={onKeyDown}
      />
    );
  };

  return (
    <CreatePanel role="group" aria-labelledby={`${form.id}-title`} data-testid="department-create-form">
      <CreateTitle id={`${form.id}-title`}>Add a new department</CreateTitle>
      <HelpText>New departments are reviewed by an administrator; until then they show as {M.pendingBadge}.</HelpText>
      <CreateGrid>
        {field('name', 'Department name', true)}
        {field('city', 'City', true)}
        {field('state', 'State', true)}
        {field('county', 'County (optional)', false)}
        {field('country', 'Country', true)}
      </CreateGrid>
      <CreateActions>
        <Button type="button" onClick={trySubmit} disabled={create.isPending}>
          {create.isPending ? 'Adding…' : 'Add Department'}
        </Button>
        <Button type="button" $variant="secondary" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
      </CreateActions>
    </CreatePanel>
  );
}

// ── the field ────────────────────────────────────────────────────────────────────────────────────────

export interface DepartmentPickerChange {
  /** True when the department was just created through "Add a new department" (it is already in the user's departments). */
  created: boolean;
}

export interface DepartmentPickerFieldProps {
  value: DepartmentJson | null;
  onChange: (department: DepartmentJson | null, change?: DepartmentPickerChange) => void;
  label?: string;
  required?: boolean;
  /** Departments not to offer (e.g. those already in My Departments). */
  excludeIds?: readonly number[];
  placeholder?: string;
  /** Offer "Add a new department" (default true). */
  allowCreate?: boolean;
  disabled?: boolean;
  /** A message about the field (a required pick missing), shown below it and read with the input. */
  error?: string | null;
}

export function DepartmentPickerField({
  value,
  onChange,
  label = 'Fire Department',
  required = false,
  excludeIds,
  placeholder = 'Search by department name or city',
  allowCreate = true,
  disabled = false,
  error = null,
}: DepartmentPickerFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = `${useId()}-error`;
  const [text, setText] = useState('');
  const [creating, setCreating] = useState(false);

  const query = text.trim().replace(/\s+/g, ' ');
  const debounced = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const searchable = debounced.length >= DEPARTMENT_SEARCH_MIN_CHARS;

  // Each query string has its own cache entry, so an answer that arrives late for an older string can
  // never replace the results of the newer one; keepPreviousData only bridges the wait.
  const search = useQuery({
    queryKey: departmentSearchKey(debounced),
    queryFn: () => departmentsApi.search(debounced),
    enabled: searchable,
    placeholderData: keepPreviousData,
  });

  const excluded = new Set(excludeIds ?? []);
  const results = searchable && search.data ? search.data.filter((d) => !excluded.has(d.id)) : [];
  const typing = query !== debounced || (search.isFetching && search.isPlaceholderData);
  const popup = query.length >= DEPARTMENT_SEARCH_MIN_CHARS && searchable;

  let message: { text: string; error?: boolean } | null = null;
  let nothingFound = false;
  if (search.isError && !search.isFetching) message = { text: M.searchFailed, error: true };
  else if (results.length === 0 && (search.isPending || typing)) message = { text: 'Searching…' };
  else if (results.length === 0) {
    message = { text: M.noResults };
    nothingFound = true;
  }

  // Announced to screen readers (a failure is announced by its own role=alert message).
  const status =
    search.isError || typing || search.isPending
      ? ''
      : results.length === 0
        ? M.noResults
        : `${results.length} department${results.length === 1 ? '' : 's'} found. Use the up and down arrow keys to choose.`;

  function startCreating() {
    setCreating(true);
  }

  return (
    <Field data-testid="department-picker">
      {value ? (
        <>
          <SelectedLabel>
            {label}
            {required ? <RequiredMark aria-hidden="true">*</RequiredMark> : null}
          </SelectedLabel>
          <Selected data-testid="department-picker-selected">
            <SelectedText>
              <DepartmentSummary department={value} />
            </SelectedText>
            <Button
              type="button"
              $variant="secondary"
              disabled={disabled}
              aria-label={`Change department (${value.name})`}
              onClick={() => {
                onChange(null);
                setTimeout(() => inputRef.current?.focus(), 0);
              }}
            >
              Change
            </Button>
          </Selected>
        </>
      ) : (
        <Combobox
          label={label}
          required={required}
          placeholder={placeholder}
          disabled={disabled}
          inputRef={inputRef}
          inputValue={text}
          onInputChange={setText}
          options={results}
          optionKey={(department) => department.id}
          renderOption={(department) => <DepartmentSummary department={department} />}
          onSelect={(department) => {
            onChange(department);
            setText('');
          }}
          popup={popup}
          message={message}
          status={status}
          testId="department-picker"
          describedBy={error ? errorId : undefined}
          footer={
            allowCreate ? (
              <LinkButton type="button" tabIndex={-1} onClick={startCreating}>
                {/* Nothing matches: the way on is to add it, so the add action says so (docs/decisions/department-search.md). */}
                {nothingFound ? (
                  M.noMatchAdd
                ) : (
                  <>
                    <span aria-hidden="true">+</span> Add a new department
                  </>
                )}
              </LinkButton>
            ) : null
          }
        />
      )}
      {error && !value ? (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      ) : null}
      {allowCreate && !value && !creating ? (
        <LinkButton type="button" onClick={startCreating} disabled={disabled}>
          <span aria-hidden="true">+</span> Can&apos;t find it? Add a new department
        </LinkButton>
      ) : null}
      {creating ? (
        <CreateDepartmentForm
          initialName={text.trim()}
          onCancel={() => {
            setCreating(false);
            setTimeout(() => inputRef.current?.focus(), 0);
          }}
          onCreated={(department) => {
            setCreating(false);
            setText('');
            onChange(department, { created: true });
          }}
          onPicked={(department) => {
            setCreating(false);
            setText('');
            onChange(department);
          }}
        />
      ) : null}
    </Field>
  );
}

// ── the standalone island ────────────────────────────────────────────────────────────────────────────

const Choices = styled.ul.withConfig(sc('DeptPickerChoices'))`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${theme.space[2]};
  & label {
    display: flex;
    align-items: flex-start;
    gap: ${theme.space[3]};
    padding: ${theme.space[2]} ${theme.space[3]};
    border: 1px solid ${theme.color.line};
    border-radius: ${theme.radius.control};
    background: ${theme.color.surface};
    cursor: pointer;
    min-width: 0;
  }
  & input {
    margin-top: 4px;
    flex: none;
  }
`;

const FindRow = styled.div.withConfig(sc('DeptPickerFindRow'))`
  display: flex;
  align-items: flex-end;
  gap: ${theme.space[2]};
  & > :first-child {
    flex: 1;
    min-width: 0;
  }
`;

/**
 * Without script (docs/decisions/pending-departments.md): a search field and a Find button that asks the page
 * again (GET `findAction` with the field as `searchName`, the server's search), and the results as radio
 * buttons carrying the department's id in `name`.
 */
export interface DepartmentPickerFallback {
  /** Where the Find button sends the surrounding form (GET): the page, which searches and lists the results. */
  findAction: string;
  /** The query parameter the search field is sent as. */
  searchName: string;
  /** What was searched, and what the server found for it. */
  query: string;
  results: DepartmentJson[];
}

export interface DepartmentPickerProps {
  label?: string;
  required?: boolean;
  /** Name of the hidden input that carries the chosen department's id in a plain HTML form. */
  name?: string;
  initialValue?: DepartmentJson | null;
  /** Offer "Add a new department" (default true). */
  allowCreate?: boolean;
  /** A message about the field (a refused post), shown below it. */
  error?: string | null;
  /** The field as a page without script shows it; the combobox takes over once hydrated. */
  fallback?: DepartmentPickerFallback;
}

function FallbackField({
  label,
  name,
  fallback,
  error,
}: {
  label: string;
  name: string;
  fallback: DepartmentPickerFallback;
  error: string | null;
}) {
  const id = useId();
  return (
    <Field data-testid="department-picker-fallback">
      <FindRow>
        <TextField
          id={`${id}-query`}
          label={label}
          name={fallback.searchName}
          defaultValue={fallback.query}
          placeholder="Search by department name or city"
          error={error ?? undefined}
        />
        <Button type="submit" $variant="secondary" formMethod="get" formAction={fallback.findAction} formNoValidate>
          Find
        </Button>
      </FindRow>
      {fallback.query.length >= DEPARTMENT_SEARCH_MIN_CHARS ? (
        fallback.results.length ? (
          <Choices aria-label={`Departments matching ${fallback.query}`}>
            {fallback.results.map((department, index) => (
              <li key={department.id}>
                <label>
                  <input type="radio" name={name} value={department.id} defaultChecked={index === 0} />
                  <SelectedText>
                    <DepartmentSummary department={department} />
                  </SelectedText>
                </label>
              </li>
            ))}
          </Choices>
        ) : (
          <HelpText role="status">{M.noResults}</HelpText>
        )
      ) : null}
    </Field>
  );
}

export default function DepartmentPicker({
  label = 'Fire Department',
  required,
  name = 'departmentId',
  initialValue = null,
  allowCreate = true,
  error = null,
  fallback,
}: DepartmentPickerProps) {
  const hydrated = useHydrated();
  const [value, setValue] = useState<DepartmentJson | null>(initialValue);
  if (fallback && !hydrated) return <FallbackField label={label} name={name} fallback={fallback} error={error} />;
  return (
    <>
      <DepartmentPickerField
        label={label}
        required={required}
        value={value}
        allowCreate={allowCreate}
        error={error}
        onChange={(department) => setValue(department)}
      />
      <input type="hidden" name={name} value={value ? String(value.id) : ''} />
    </>
  );
}
