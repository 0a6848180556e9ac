/**
 * The JSON Resume schema (jsonResumeSchema.json: jsonresume/resume-schema's schema.json, v1.0.0, MIT; source and
 * licence in docs/decisions/import-and-json-resume.md) compiled once with ajv and ajv-formats. The file declares
 * draft-04, which ajv 8 does not load: its keywords are the same in draft-07, so it is compiled with its
 * `$schema` left out, and `additionalItems` beside a single `items` schema (meaningless, and ajv's strict mode
 * refuses it) is allowed.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import schema from './jsonResumeSchema.json' with { type: 'json' };

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
let compiled: ValidateFunction | null = null;

function validator(): ValidateFunction {
  if (compiled) return compiled;
  const { $schema: _draft, ...rules } = schema;
  const ajv = new Ajv({ allErrors: false, strict: false });
  addFormats(ajv);
  compiled = ajv.compile(rules);
  return compiled;
}

/** Where a document breaks the schema, in words (the first failure), or null when it is a JSON Resume. */
export function jsonResumeProblem(document: unknown): string | null {
  const validate = validator();
  if (validate(document)) return null;
  const [error] = validate.errors ?? [];
  return error ? describe(error) : 'The file is not a JSON Resume document';
}

function describe(error: ErrorObject): string {
  const at = error.instancePath ? error.instancePath.slice(1).replace(/\//g, '.') : 'the document';
  if (error.keyword === 'additionalProperties')
    return `${at} has a key JSON Resume does not define: ${String((error.params as { additionalProperty?: string }).additionalProperty)}`;
  return `${at} ${error.message ?? 'is not valid'}`;
}
