/**
 * A list field's text with suggestions (the credential catalogue's, the department registry's): the kit's Combobox
 * keeping the field's id and form name, so the plain form posts the text without JavaScript; free text stays
 * allowed. The caller supplies the suggestions and what choosing one does.
 */
import type { ReactNode } from 'react';
import { Combobox } from '../../views/ui/Combobox';
import { ErrorText, FieldWrap, HelpText } from '../../views/ui/Field';
import type { FieldMeta } from '../../src/validation/lists/define';
import { shown } from './useForm';
import type { FieldBind } from './fieldBind';

export function SuggestionField<T>({
  meta,
  bind,
  options,
  optionKey,
  renderOption,
  onSelect,
  status,
  testId,
  help = null,
}: {
  meta: FieldMeta;
  bind: FieldBind;
  options: readonly T[];
  optionKey: (option: T) => string | number;
  renderOption: (option: T) => ReactNode;
  onSelect: (option: T) => void;
  /** What a screen reader hears of the suggestions ("3 departments found"). */
  status: string;
  testId: string;
  help?: string | null;
}) {
  const errorId = `${bind.id}-error`;
  return (
    <FieldWrap>
      <Combobox
        id={bind.id}
        name={bind.name}
        label={meta.label}
        inputValue={shown(bind.value)}
        onInputChange={(value) => bind.onChange(value)}
        onBlur={bind.onBlur}
        options={options}
        optionKey={optionKey}
        renderOption={renderOption}
        onSelect={onSelect}
        popup={options.length > 0}
        status={status}
        testId={testId}
        describedBy={bind.error ? errorId : undefined}
      />
      {help ? <HelpText id={`${bind.id}-help`}>{help}</HelpText> : null}
      {bind.error ? (
        <ErrorText id={errorId} role="alert">
          {bind.error}
        </ErrorText>
      ) : null}
    </FieldWrap>
  );
}
