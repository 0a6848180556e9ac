/**
 * The database set-up page's forms (/admin/supabase-setup; spec 01 §§2, 7, 8): "Test connection" answers the
 * server's version; "Set up" (super admins only) migrates the target, copies every row into it and reports
 * the counts, the measured comparison and the DATABASE_URL to set before the next start. Without JavaScript each
 * form posts to the page with its `intent` (src/pages/admin.tsx): the page then shows the result (`result`) or
 * the failed form again (`forms`).
 */
import { useState } from 'react';
import { styled } from 'styled-components';
import { sc } from '../views/ui/sc';
import { Card, CardDescription, CardTitle } from '../views/ui/Card';
import { Form, FormAlert, SubmitButton, TextField, type TextFieldProps } from '../views/ui/Field';
import {
  ADMIN_MESSAGES as M,
  databaseSetupSchema,
  testConnectionSchema,
  type DatabaseSetupResultJson,
  type SetupReportJson,
} from '../src/validation/admin';
import type { FormState } from '../src/validation/forms';
import { adminApi } from './lib/adminApi';
import { useApiMutation } from './lib/useApiMutation';
import { useForm } from './lib/useForm';
import { Table, TableWrap } from '../views/ui/DataTable';
import { theme } from '../views/ui/theme';

const Grid = styled.div.withConfig(sc('DbSetupGrid'))`
  display: grid;
  gap: ${theme.space[4]};
`;

const Result = styled.div.withConfig(sc('DbSetupResult'))`
  margin-top: ${theme.space[4]};
  padding: ${theme.space[3]};
  border-radius: ${theme.radius.control};
  background: ${theme.color.canvas};
  font-size: ${theme.font.size.sm};
  overflow-wrap: anywhere;
  p {
    margin: 0 0 ${theme.space[2]};
  }
`;

/** A postgres:// URL: no autocomplete or spell-check (it holds a password). */
function UrlField(binding: Omit<TextFieldProps, 'label'>) {
  return <TextField label="Database URL" type="url" autoComplete="off" spellCheck={false} {...binding} />;
}

const ACTION = '/admin/supabase-setup';

export default function DatabaseSetup({
  canSetUp,
  result = null,
  forms = {},
}: {
  canSetUp: boolean;
  result?: DatabaseSetupResultJson | null;
  forms?: { test?: FormState; setup?: FormState };
}) {
  const [version, setVersion] = useState<string | null>(result?.version ?? null);
  const [report, setReport] = useState<SetupReportJson | null>(result?.report ?? null);
  const testForm = useForm(testConnectionSchema, { databaseUrl: '' }, { state: forms.test ?? null });
  const setupForm = useForm(
    databaseSetupSchema,
    { databaseUrl: '', projectUrl: null, anonKey: null, serviceRoleKey: null },
    { state: forms.setup ?? null },
  );

  const test = useApiMutation({
    request: (values: { databaseUrl: string }) => adminApi.testConnection(values.databaseUrl),
    fallbackMessage: M.connectionFailed,
    errorTitle: M.connectionFailedTitle,
    form: testForm,
    onSuccess: (answer) => setVersion(answer.version),
  });
  const setup = useApiMutation({
    request: adminApi.setUp,
    fallbackMessage: M.setupFailed,
    errorTitle: M.setupFailedTitle,
    form: setupForm,
    onSuccess: setReport,
  });
  return (
    <Grid>
      <Card aria-label="Test connection">
        <CardTitle>Test connection</CardTitle>
        <CardDescription>
          Check that this server can reach a Postgres database (postgres://user:password@host:5432/db).
        </CardDescription>
        <Form
          action={ACTION}
          onSubmit={testForm.handleSubmit((values) => {
            setVersion(null);
            test.mutate(values);
          })}
        >
          <input type="hidden" name="intent" value="test" />
          <FormAlert error={testForm.formError} />
          <UrlField {...testForm.text('databaseUrl')} />
          <SubmitButton pending={test.isPending} label="Test connection" busyLabel="Testing…" />
        </Form>
        {version ? (
          <Result role="status" data-testid="connection-version" id="connection-result" tabIndex={-1} autoFocus>
            <p>
              <strong>Connected.</strong>
            </p>
            <p>{version}</p>
          </Result>
        ) : null}
      </Card>
      <Card aria-label="Set up">
        <CardTitle>Set up</CardTitle>
        <CardDescription>
          Migrates an empty Postgres database and copies every row of this app&apos;s database into it, then checks each
          table&apos;s count. The app keeps using the current database until you set DATABASE_URL and restart.
          {canSetUp ? '' : ' Only a super admin can run the set-up.'}
        </CardDescription>
        <Form action={ACTION} onSubmit={setupForm.handleSubmit((values) => setup.mutate(values))}>
          <input type="hidden" name="intent" value="setup" />
          <FormAlert error={setupForm.formError} />
          <UrlField {...setupForm.text('databaseUrl')} />
          <SubmitButton pending={setup.isPending} label="Set up" busyLabel="Setting up…" />
        </Form>
        {report ? (
          <Result role="status" data-testid="setup-report" id="setup-report" tabIndex={-1} autoFocus>
            <p>
              <strong>{`${report.totalRows} rows copied into ${report.tables.length} tables in ${Math.round(report.durationMs / 100) / 10} s.`}</strong>
            </p>
            <p>{`Performance: the same reads took ${report.performanceImprovement.currentMs} ms here and ${report.performanceImprovement.targetMs} ms on the new database (×${report.performanceImprovement.ratio}).`}</p>
            <p>
              {report.nextStep.message} <code>{`DATABASE_URL=${report.nextStep.DATABASE_URL}`}</code>
            </p>
            <TableWrap>
              <Table aria-label="Rows per table">
                <thead>
                  <tr>
                    <th scope="col">Table</th>
                    <th scope="col">Current</th>
                    <th scope="col">New</th>
                  </tr>
                </thead>
                <tbody>
                  {report.tables.map((t) => (
                    <tr key={t.table}>
                      <td>{t.table}</td>
                      <td>{t.sourceRows}</td>
                      <td>{t.targetRows}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableWrap>
          </Result>
        ) : null}
      </Card>
    </Grid>
  );
}
