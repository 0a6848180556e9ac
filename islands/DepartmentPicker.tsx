/**
 * The fire department picker (spec 01 §§2, 5, 7, 8; spec 02 §2): search as you type, choose with mouse or
 * keyboard, or add a new department. The ARIA 1.2 combobox pattern: the input is role=combobox and owns a
 * listbox popup through aria-controls; the highlighted option is aria-activedescendant; ArrowDown/ArrowUp
 * move, Enter chooses, Escape closes (and clears on a second press).
 *
 * `DepartmentPickerField` is the reusable, controlled field (Create Profile and My Departments embed it);
 * the default export is a standalone island that keeps its own value and posts it as a hidden input.
 * Nothing here is a <form>, so the field can sit inside another form; Enter never submits the outer form.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { styled } from 'styled-components';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sc } from './ui/sc';
import { Badge } from './ui/Badge';
import { Button } from './ui/Button';
import { HelpText, Input as FieldInput, Label } from './ui/Field';
import { api } from './lib/api';
import { toast } from './lib/toast';
import {
  DEFAULT_COUNTRY,
  DEPARTMENT_FIELD_MAX,
  DEPARTMENT_MESSAGES as M,
  DEPARTMENT_SEARCH_MIN_CHARS,
  departmentPlace,
  hasMissingDepartmentFields,
  type CreateDepartmentResponse,
  type DepartmentJson,
} from '../src/validation/departments';

/** Query keys (the first element is the URL, as the spec's cached reads expect). */
export const USER_DEPARTMENTS_KEY = ['/api/departments/user'] as const;
export const DEPARTMENT_SEARCH_KEY = '/api/departments/search';
export const SEARCH_DEBOUNCE_MS = 250;

// ── styles ───────────────────────────────────────────────────────────────────────────────────────────

const Field = styled.div.withConfig(sc('DeptPickerField'))`
  display: flex;
  flex-direction: column;
  gap: ${(p) => p.theme.space[2]};
  font-family: ${(p) => p.theme.font.family};
  color: ${(p) => p.theme.color.ink};
`;

const RequiredMark = styled.span.withConfig(sc('DeptPickerRequired'))`
  color: ${(p) => p.theme.color.danger};
  margin-left: 2px;
`;

const ComboWrap = styled.div.withConfig(sc('DeptPickerCombo'))`
  position: relative;
`;

const SearchIcon = styled.svg.withConfig(sc('DeptPickerSearchIcon'))`
  position: absolute;
  left: 12px;
  top: 50%;
  transform: translateY(-50%);
  color: ${(p) => p.theme.color.muted};
  pointer-events: none;
`;

const inputStyles = `
  width: 100%;
  box-sizing: border-box;
  font: inherit;
`;

const Input = styled.input.withConfig(sc('DeptPickerInput'))`
  ${inputStyles}
  min-height: ${(p) => p.theme.controlHeight};
  padding: 0 ${(p) => p.theme.space[3]} 0 36px;
  border: 1px solid ${(p) => p.theme.color.line};
  border-radius: ${(p) => p.theme.radius.control};
  background: ${(p) => p.theme.color.surface};
  color: ${(p) => p.theme.color.ink};
  font-size: ${(p) => p.theme.font.size.md};
  &::placeholder {
    color: ${(p) => p.theme.color.muted};
  }
  &:focus {
    outline: 2px solid ${(p) => p.theme.color.brand};
    outline-offset: 2px;
    border-color: ${(p) => p.theme.color.brand};
  }
  &:disabled {
    opacity: 0.6;
  }
`;

const Popup = styled.div.withConfig(sc('DeptPickerPopup'))`
  position: absolute;
  top: calc(100% + 4px);
  left: 0;
  right: 0;
  z-index: 40;
  background: ${(p) => p.theme.color.surface};
  border: 1px solid ${(p) => p.theme.color.line};
  border-radius: ${(p) => p.theme.radius.control};
  box-shadow: 0 12px 32px rgba(31, 35, 40, 0.14);
  overflow: hidden;
`;

const Listbox = styled.ul.withConfig(sc('DeptPickerListbox'))`
  list-style: none;
  margin: 0;
  padding: ${(p) => p.theme.space[1]};
  max-height: 15rem;
  overflow-y: auto;
  overscroll-behavior: contain;
`;

const Option = styled.li.withConfig(sc('DeptPickerOption'))<{ $active: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 2px;
  padding: ${(p) => `${p.theme.space[2]} ${p.theme.space[3]}`};
  border-radius: 6px;
  cursor: pointer;
  background: ${(p) => (p.$active ? p.theme.color.brandTint : 'transparent')};
  box-shadow: ${(p) => (p.$active ? `inset 3px 0 0 ${p.theme.color.brand}` : 'none')};
  &:hover {
    background: ${(p) => p.theme.color.brandTint};
  }
`;

const OptionLine = styled.span.withConfig(sc('DeptPickerOptionLine'))`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${(p) => p.theme.space[2]};
`;

const OptionName = styled.span.withConfig(sc('DeptPickerOptionName'))`
  font-weight: 600;
  font-size: ${(p) => p.theme.font.size.md};
`;

const Place = styled.span.withConfig(sc('DeptPickerPlace'))`
  color: ${(p) => p.theme.color.muted};
  font-size: ${(p) => p.theme.font.size.sm};
`;

const PopupMessage = styled.div.withConfig(sc('DeptPickerMessage'))<{ $error?: boolean }>`
  padding: ${(p) => `${p.theme.space[3]} ${p.theme.space[4]}`};
  font-size: ${(p) => p.theme.font.size.sm};
  color: ${(p) => (p.$error ? p.theme.color.danger : p.theme.color.muted)};
`;

const PopupFooter = styled.div.withConfig(sc('DeptPickerPopupFooter'))`
  border-top: 1px solid ${(p) => p.theme.color.line};
  padding: ${(p) => p.theme.space[1]};
`;

const LinkButton = styled.button.withConfig(sc('DeptPickerLinkButton'))`
  display: inline-flex;
  align-items: center;
  gap: ${(p) => p.theme.space[1]};
  align-self: flex-start;
  min-height: 32px;
  padding: 0 ${(p) => p.theme.space[2]};
  border: 0;
  border-radius: 6px;
  background: transparent;
  color: ${(p) => p.theme.color.brand};
  font: inherit;
  font-size: ${(p) => p.theme.font.size.sm};
  font-weight: 600;
  cursor: pointer;
  &:hover {
    background: ${(p) => p.theme.color.brandTint};
  }
  &:focus-visible {
    outline: 2px solid ${(p) => p.theme.color.brand};
    outline-offset: 2px;
  }
`;

const Selected = styled.div.withConfig(sc('DeptPickerSelected'))`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${(p) => p.theme.space[3]};
  padding: ${(p) => `${p.theme.space[2]} ${p.theme.space[2]} ${p.theme.space[2]} ${p.theme.space[3]}`};
  border: 1px solid ${(p) => p.theme.color.line};
  border-radius: ${(p) => p.theme.radius.control};
  background: ${(p) => p.theme.color.surface};
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
  gap: ${(p) => p.theme.space[3]};
  padding: ${(p) => p.theme.space[4]};
  border: 1px solid ${(p) => p.theme.color.line};
  border-radius: ${(p) => p.theme.radius.card};
  background: ${(p) => p.theme.color.canvas};
`;

const CreateTitle = styled.h3.withConfig(sc('DeptPickerCreateTitle'))`
  margin: 0;
  font-size: ${(p) => p.theme.font.size.md};
`;

const CreateGrid = styled.div.withConfig(sc('DeptPickerCreateGrid'))`
  display: grid;
  grid-template-columns: 1fr;
  gap: ${(p) => p.theme.space[3]};
  @media (min-width: 640px) {
    grid-template-columns: 1fr 1fr;
  }
`;

const CreateCell = styled.div.withConfig(sc('DeptPickerCreateCell'))<{ $wide?: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${(p) => p.theme.space[1]};
  @media (min-width: 640px) {
    grid-column: ${(p) => (p.$wide ? '1 / -1' : 'auto')};
  }
`;

const CreateActions = styled.div.withConfig(sc('DeptPickerCreateActions'))`
  display: flex;
  flex-wrap: wrap;
  gap: ${(p) => p.theme.space[2]};
`;

const VisuallyHidden = styled.div.withConfig(sc('DeptPickerVisuallyHidden'))`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;

// ── helpers ──────────────────────────────────────────────────────────────────────────────────────────

function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** "Pending Verification" (and "Rejected") marks: the word carries the status, the colour only repeats it. */
export function DepartmentStatusBadge({ department }: { department: Pick<DepartmentJson, 'verificationStatus'> }) {
  if (department.verificationStatus === 'pending') return <Badge $tone="warn">{M.pendingBadge}</Badge>;
  if (department.verificationStatus === 'rejected') return <Badge $tone="danger">Rejected</Badge>;
  return null;
}

/** One department as the picker and the lists show it: name, status mark, "City, ST". */
export function DepartmentSummary({ department, extra }: { department: DepartmentJson; extra?: ReactNode }) {
  return (
    <>
      <OptionLine>
        <OptionName>{department.name}</OptionName>
        {extra}
        <DepartmentStatusBadge department={department} />
      </OptionLine>
      <Place>{departmentPlace(department)}</Place>
    </>
  );
}

// ── the add-a-department form ────────────────────────────────────────────────────────────────────────

interface CreateFormProps {
  initialName: string;
  onCreated: (department: DepartmentJson) => void;
  onCancel: () => void;
}

function CreateDepartmentForm({ initialName, onCreated, onCancel }: CreateFormProps) {
  const queryClient = useQueryClient();
  const ids = useId();
  const [form, setForm] = useState({ name: initialName, city: '', state: '', county: '', country: DEFAULT_COUNTRY });
  const firstInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    firstInput.current?.focus();
  }, []);

  const create = useMutation({
    mutationFn: async (input: typeof form) => {
      try {
        return await api.post<CreateDepartmentResponse>('/api/departments/create', input);
      } catch {
        throw new Error(M.createFailed);
      }
    },
    onSuccess: ({ department }) => {
      toast({
        title: M.addedTitle,
        description: department.source === 'user_added' ? M.addedPending : M.addedToProfile,
      });
      void queryClient.invalidateQueries({ queryKey: USER_DEPARTMENTS_KEY });
      // The user's own pending department is now searchable for them.
      void queryClient.invalidateQueries({ queryKey: [DEPARTMENT_SEARCH_KEY] });
      onCreated(department);
    },
    onError: () => {
      toast({ title: M.errorTitle, description: M.addFailed, variant: 'destructive' });
    },
  });

  function submit() {
    if (create.isPending) return;
    if (hasMissingDepartmentFields(form)) {
      toast({ title: M.missingTitle, description: M.missingFields, variant: 'destructive' });
      return;
    }
    create.mutate(form);
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault(); // never submit a surrounding form
      submit();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      onCancel();
    }
  };

  const field = (
    key: keyof typeof form,
    label: string,
    options: { required?: boolean; wide?: boolean; max: number; autoComplete?: string },
  ) => (
    <CreateCell $wide={options.wide}>
      <Label htmlFor={`${ids}-${key}`}>
        {label}
        {options.required ? <RequiredMark aria-hidden="true">*</RequiredMark> : null}
      </Label>
      <FieldInput
        id={`${ids}-${key}`}
        ref={key === 'name' ? firstInput : undefined}
        value={form[key]}
        maxLength={options.max}
        aria-required={options.required || undefined}
        autoComplete={options.autoComplete ?? 'off'}
        onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
        onKeyDown={onKeyDown}
      />
    </CreateCell>
  );

  return (
    <CreatePanel role="group" aria-labelledby={`${ids}-title`} data-testid="department-create-form">
      <CreateTitle id={`${ids}-title`}>Add a new department</CreateTitle>
      <HelpText>New departments are reviewed by an administrator; until then they show as {M.pendingBadge}.</HelpText>
      <CreateGrid>
        {field('name', 'Department name', { required: true, wide: true, max: DEPARTMENT_FIELD_MAX.name })}
        {field('city', 'City', { required: true, max: DEPARTMENT_FIELD_MAX.city, autoComplete: 'address-level2' })}
        {field('state', 'State', { required: true, max: DEPARTMENT_FIELD_MAX.state, autoComplete: 'address-level1' })}
        {field('county', 'County (optional)', { max: DEPARTMENT_FIELD_MAX.county })}
        {field('country', 'Country', { required: true, max: DEPARTMENT_FIELD_MAX.country })}
      </CreateGrid>
      <CreateActions>
        <Button type="button" onClick={submit} disabled={create.isPending}>
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
}: DepartmentPickerFieldProps) {
  const ids = useId();
  const inputId = `${ids}-input`;
  const listId = `${ids}-listbox`;
  const optionId = (department: DepartmentJson) => `${ids}-option-${department.id}`;
  const inputRef = useRef<HTMLInputElement>(null);

  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [creating, setCreating] = useState(false);

  const query = text.trim().replace(/\s+/g, ' ');
  const debounced = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const searchable = debounced.length >= DEPARTMENT_SEARCH_MIN_CHARS;

  // Each query string has its own cache entry, so an answer that arrives late for an older string can
  // never replace the results of the newer one; keepPreviousData only bridges the wait.
  const search = useQuery({
    queryKey: [DEPARTMENT_SEARCH_KEY, debounced],
    queryFn: () => api.get<DepartmentJson[]>(`${DEPARTMENT_SEARCH_KEY}?q=${encodeURIComponent(debounced)}`),
    enabled: searchable,
    placeholderData: keepPreviousData,
  });

  const excluded = new Set(excludeIds ?? []);
  const results = searchable && search.data ? search.data.filter((d) => !excluded.has(d.id)) : [];
  const typing = query !== debounced || (search.isFetching && search.isPlaceholderData);
  const showPopup = open && query.length >= DEPARTMENT_SEARCH_MIN_CHARS && searchable;
  const activeDepartment = showPopup && active >= 0 ? results[active] : undefined;

  // A new result list starts with nothing highlighted.
  const resultKey = results.map((d) => d.id).join(',');
  useEffect(() => setActive(-1), [resultKey]);

  // Keep the highlighted option in view inside the scrolling list.
  const activeOptionId = activeDepartment ? optionId(activeDepartment) : undefined;
  useEffect(() => {
    if (activeOptionId) document.getElementById(activeOptionId)?.scrollIntoView({ block: 'nearest' });
  }, [activeOptionId]);

  function choose(department: DepartmentJson) {
    onChange(department);
    setText('');
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (!open) setOpen(true);
        if (results.length) setActive((i) => (i + 1) % results.length);
        break;
      case 'ArrowUp':
        e.preventDefault();
        if (!open) setOpen(true);
        if (results.length) setActive((i) => (i <= 0 ? results.length - 1 : i - 1));
        break;
      case 'Home':
      case 'End':
        if (showPopup && results.length) {
          e.preventDefault();
          setActive(e.key === 'Home' ? 0 : results.length - 1);
        }
        break;
      case 'Enter':
        e.preventDefault(); // the picker never submits a surrounding form
        if (activeDepartment) choose(activeDepartment);
        break;
      case 'Escape':
        if (showPopup) {
          e.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text) {
          e.preventDefault();
          setText('');
        }
        break;
      default:
        break;
    }
  }

  function startCreating() {
    setOpen(false);
    setCreating(true);
  }

  let popupBody: ReactNode = null;
  if (showPopup) {
    if (search.isError && !search.isFetching) {
      popupBody = (
        <PopupMessage role="alert" $error data-testid="department-picker-message">
          {M.searchFailed}
        </PopupMessage>
      );
    } else if (results.length === 0 && (search.isPending || typing)) {
      popupBody = <PopupMessage data-testid="department-picker-message">Searching…</PopupMessage>;
    } else if (results.length === 0) {
      popupBody = <PopupMessage data-testid="department-picker-message">{M.noResults}</PopupMessage>;
    }
  }

  // Announced to screen readers (a failure is announced by its own role=alert message).
  const statusText =
    !showPopup || search.isError
      ? ''
      : typing || search.isPending
        ? ''
        : results.length === 0
          ? M.noResults
          : `${results.length} department${results.length === 1 ? '' : 's'} found. Use the up and down arrow keys to choose.`;

  return (
    <Field data-testid="department-picker">
      <Label htmlFor={inputId} id={`${ids}-label`}>
        {label}
        {required ? <RequiredMark aria-hidden="true">*</RequiredMark> : null}
      </Label>
      {value ? (
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
      ) : (
        <ComboWrap>
          <SearchIcon
            width="16"
            height="16"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-3.5-3.5" />
          </SearchIcon>
          <Input
            ref={inputRef}
            id={inputId}
            type="text"
            role="combobox"
            aria-expanded={showPopup}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-haspopup="listbox"
            aria-required={required || undefined}
            aria-activedescendant={activeOptionId}
            autoComplete="off"
            spellCheck={false}
            placeholder={placeholder}
            disabled={disabled}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
          />
          {showPopup ? (
            <Popup onMouseDown={(e) => e.preventDefault() /* keep focus in the input */}>
              {popupBody}
              <Listbox id={listId} role="listbox" aria-labelledby={`${ids}-label`} hidden={results.length === 0}>
                {results.map((department, index) => (
                  <Option
                    key={department.id}
                    id={optionId(department)}
                    role="option"
                    aria-selected={index === active}
                    $active={index === active}
                    onMouseMove={() => setActive(index)}
                    onClick={() => choose(department)}
                  >
                    <DepartmentSummary department={department} />
                  </Option>
                ))}
              </Listbox>
              {allowCreate ? (
                <PopupFooter>
                  <LinkButton type="button" tabIndex={-1} onClick={startCreating}>
                    <span aria-hidden="true">+</span> Add a new department
                  </LinkButton>
                </PopupFooter>
              ) : null}
            </Popup>
          ) : (
            // aria-controls must name an element that exists even while the popup is closed.
            <Listbox id={listId} role="listbox" aria-labelledby={`${ids}-label`} hidden />
          )}
          <VisuallyHidden role="status" aria-live="polite">
            {statusText}
          </VisuallyHidden>
        </ComboWrap>
      )}
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
        />
      ) : null}
    </Field>
  );
}

// ── the standalone island ────────────────────────────────────────────────────────────────────────────

export interface DepartmentPickerProps {
  label?: string;
  required?: boolean;
  /** Name of the hidden input that carries the chosen department's id in a plain HTML form. */
  name?: string;
  initialValue?: DepartmentJson | null;
}

export default function DepartmentPicker({
  label,
  required,
  name = 'departmentId',
  initialValue = null,
}: DepartmentPickerProps) {
  const [value, setValue] = useState<DepartmentJson | null>(initialValue);
  return (
    <>
      <DepartmentPickerField
        label={label}
        required={required}
        value={value}
        onChange={(department) => setValue(department)}
      />
      <input type="hidden" name={name} value={value ? String(value.id) : ''} />
    </>
  );
}
