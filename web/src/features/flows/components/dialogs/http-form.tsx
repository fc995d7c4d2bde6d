import { useState, type FormEvent } from 'react';
import { Button, Loader, SelectField, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Plus, Trash2 } from 'lucide-react';
import type { HttpTestView } from '@conversa/shared/schemas/flows';
import { useTestHttpRequest } from '../../api/test-http-request';
import { parseNodeData } from '../../lib/node-forms';
import { FormError } from './form-error';
import { str, useNodeSubmit, type NodeFormProps } from './form-props';

type Row = { key: string; value: string };
type SaveRow = { path: string; variable: string };
const METHODS = ['get', 'post', 'put', 'delete'] as const;

/** A list of two-field rows with + and a remove per row (Headers, Parâmetros, the saved fields). */
function RowsEditor<R extends Record<string, string>>({ title, rows, fields, labels, onChange, blank }: { title: string; rows: R[]; fields: readonly (keyof R & string)[]; labels: string[]; onChange(rows: R[]): void; blank: R }) {
  const { t } = useTranslation();
  return (
    <fieldset className="flow-form__fieldset">
      <legend>{title}</legend>
      {rows.map((row, i) => (
        <div key={i} className="flow-form__row">
          {fields.map((f, j) => (
            <TextField key={f} label={labels[j]} name={`${title}-${i}-${f}`} autoComplete="off" size="small" flex={1} value={row[f]} onChange={(e) => onChange(rows.map((r, k) => (k === i ? { ...r, [f]: e.target.value } : r)))} />
          ))}
          <button type="button" className="icon-button icon-button--danger" aria-label={t('flows.dialog.http.removeRow', { n: i + 1, list: title })} onClick={() => onChange(rows.filter((_, k) => k !== i))}>
            <Trash2 size={16} aria-hidden />
          </button>
        </div>
      ))}
      <button type="button" className="icon-button" aria-label={t('flows.dialog.http.addRow', { list: title })} title={t('flows.dialog.http.addRow', { list: title })} onClick={() => onChange([...rows, { ...blank }])}>
        <Plus size={18} aria-hidden />
      </button>
    </fieldset>
  );
}

/** 'Retorno Requisição': the status, then one collapsible section per field of the answer; a field can become a saved variable. */
function TestResult({ result, onSave }: { result: HttpTestView; onSave(path: string): void }) {
  const { t } = useTranslation();
  return (
    <section className="flow-http-result" aria-label={t('flows.dialog.http.result')}>
      <h3>
        {t('flows.dialog.http.result')} <span className={result.ok ? 'flow-http-result__ok' : 'flow-http-result__bad'}>{t('flows.dialog.http.status', { status: result.status })}</span>
      </h3>
      {Object.entries(result.fields).map(([field, value]) => (
        <details key={field} className="flow-http-result__field">
          <summary>{field}</summary>
          <pre>{typeof value === 'string' ? value : JSON.stringify(value, null, 2)}</pre>
          <Button type="button" size="small" onClick={() => onSave(field)}>
            {t('flows.dialog.http.useField')}
          </Button>
        </details>
      ))}
    </section>
  );
}

/**
 * Http Request (Beta): URL, method, Body, Headers and Parâmetros rows, the response fields to
 * save as variables, and Testar (POST /httpRequestTest; the server's guarded client does the call).
 */
export function HttpForm({ formId, initial, onDone }: NodeFormProps) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(str(initial?.url));
  const [method, setMethod] = useState<(typeof METHODS)[number]>((METHODS as readonly string[]).includes(str(initial?.method)) ? (initial!.method as 'get') : 'get');
  const [body, setBody] = useState(str(initial?.body));
  const [headers, setHeaders] = useState<Row[]>((initial?.headers as Row[] | undefined) ?? []);
  const [params, setParams] = useState<Row[]>((initial?.params as Row[] | undefined) ?? []);
  const [saveFields, setSaveFields] = useState<SaveRow[]>((initial?.saveFields as SaveRow[] | undefined) ?? []);
  const test = useTestHttpRequest();
  const { error, setError, submit } = useNodeSubmit('httpRequest', onDone);
  const data = () => ({ url: url.trim(), method, body, headers: headers.filter((h) => h.key.trim()), params: params.filter((p) => p.key.trim()), saveFields: saveFields.filter((f) => f.path.trim() || f.variable.trim()) });
  const runTest = () => {
    const r = parseNodeData('httpRequest', data());
    if (!r.ok) return setError(`${r.field}: ${r.message}`);
    setError(undefined);
    test.mutate(r.data as never);
  };
  return (
    <form id={formId} className="form" noValidate onSubmit={(e: FormEvent) => (e.preventDefault(), submit(data()))}>
      <div className="flow-form__http-line">
        <SelectField label={t('flows.dialog.http.method')} name="method" value={method} onChange={(e) => setMethod(e.target.value as 'get')}>
          {METHODS.map((m) => (
            <option key={m} value={m}>
              {m.toUpperCase()}
            </option>
          ))}
        </SelectField>
        <TextField label={t('flows.dialog.http.url')} name="url" type="url" autoComplete="off" autoFocus flex={1} value={url} onChange={(e) => setUrl(e.target.value)} />
      </div>
      <TextAreaField label={t('flows.dialog.http.body')} name="body" rows={4} className="flow-form__mono" value={body} onChange={(e) => setBody(e.target.value)} />
      <RowsEditor title={t('flows.dialog.http.headers')} rows={headers} fields={['key', 'value']} labels={[t('flows.dialog.http.key'), t('flows.dialog.http.value')]} onChange={setHeaders} blank={{ key: '', value: '' }} />
      <RowsEditor title={t('flows.dialog.http.params')} rows={params} fields={['key', 'value']} labels={[t('flows.dialog.http.key'), t('flows.dialog.http.value')]} onChange={setParams} blank={{ key: '', value: '' }} />
      <RowsEditor title={t('flows.dialog.http.saveFields')} rows={saveFields} fields={['path', 'variable']} labels={[t('flows.dialog.http.path'), t('flows.dialog.http.variable')]} onChange={setSaveFields} blank={{ path: '', variable: '' }} />
      <div>
        <Button type="button" size="small" onClick={runTest} isDisabled={test.isPending}>
          {t('flows.dialog.http.test')}
        </Button>
      </div>
      {test.isPending ? (
        <div className="flow-form__uploading" role="status">
          <Loader /> {t('flows.dialog.http.testing')}
        </div>
      ) : test.data ? (
        <TestResult result={test.data} onSave={(path) => setSaveFields((fs) => [...fs, { path, variable: path.replace(/[^\p{L}\p{N}_.-]/gu, '_').slice(0, 60) }])} />
      ) : null}
      <FormError message={error} />
    </form>
  );
}
