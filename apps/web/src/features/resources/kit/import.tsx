import { Alert, Button, Link, Message, Progress, Select, Space, Table, Upload } from '@arco-design/web-react';
import { IconDownload, IconUpload } from '@arco-design/web-react/icon';
import { IMPORT_MAX_BYTES, importFields, type ImportJob } from '@atrium/contracts/resource-import';
import type { ResourceDef } from '@atrium/contracts/resource';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { DialogModal } from '../../../components/dialog-modal';
import { isApiError } from '../../../lib/api';
import { useLocale, useT } from '../../../lib/i18n';
import { useIsMobile } from '../../../stores/settings';
import { useDownload } from '../../../lib/use-list-page';
import { cancelImport, checkImport, commitImport, importJobQuery, importQuery, importReport, importTemplate, resourceKeys, uploadImport } from './resource-api';
import styles from './resource-page.module.css';

/** A job at work: the dialog follows it, and the page's button says so. */
const running = (job: ImportJob | null | undefined) => job?.status === 'checking' || job?.status === 'writing';

/** The caller's latest import of the resource, followed while it runs (the page's button, the dialog). */
export function useLatestImport(def: ResourceDef, enabled: boolean) {
  return useQuery({ ...importQuery(def), enabled });
}

/** 导入's label: the share done while an import runs ("导入中 45%"), whoever opened the page since. */
export function importButtonText(job: ImportJob | null | undefined, t: ReturnType<typeof useT>): string {
  if (!running(job)) return t('resourcePage.import');
  return t('resourcePage.import.running', { percent: Math.floor((job!.progress.done / Math.max(job!.progress.total, 1)) * 100) });
}

interface ImportDialogProps {
  def: ResourceDef;
  visible: boolean;
  onClose: () => void;
}

/** A column of the file as the mapping step lists it: its place, its header, its first row's value. */
type MappingRow = { index: number; column: string; sample: string };

/**
 * 导入 / Import (docs/resources.md, "Import"): a file chosen, its columns each given a field (as its header
 * suggests, editable, or ignored), optionally a unique field that matches existing records, then the
 * server's check of every row: its problems listed and downloadable, or the counts to write; then the
 * write, all or nothing. Checks and writes run on the server: the dialog may close, the page's button keeps
 * the progress, and opening it again follows the job where it is.
 */
export function ImportDialog({ def, visible, onClose }: ImportDialogProps) {
  const t = useT();
  const mobile = useIsMobile();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const latest = useLatestImport(def, visible);
  const [job, setJob] = useState<ImportJob | null>(null);
  // the mapping being edited: a file just read, or a check's mapping changed
  const [editing, setEditing] = useState(false);
  const [mapping, setMapping] = useState<(string | null | undefined)[]>([]);
  const [matchBy, setMatchBy] = useState<string | null>(null);
  const [mappingErrors, setMappingErrors] = useState<Record<string, string>>({});
  const [fileError, setFileError] = useState('');
  const [uploading, setUploading] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  // opened again while a job runs, or one waits to be written: it is the dialog's
  useEffect(() => {
    if (visible && !job && latest.data && (running(latest.data) || (latest.data.status === 'checked' && latest.data.errorRows === 0))) setJob(latest.data);
  }, [visible, job, latest.data]);
  // a job at work is followed until it ends: what the server says of it now, never an answer older than the
  // dialog's own (the query's cache keeps the last phase's end until it asks again)
  const followed = useQuery({ ...importJobQuery(def, job?.id ?? 0), enabled: visible && running(job) });
  const fresh = followed.data && job && followed.data.id === job.id && followed.data.updatedAt >= job.updatedAt ? followed.data : undefined;
  const current = fresh && running(job) ? fresh : job;
  const status = editing ? 'uploaded' : current?.status;
  useEffect(() => {
    if (!fresh || !running(job) || running(fresh)) return;
    setJob(fresh);
    void latest.refetch();
    if (fresh.status === 'done') {
      // matched rows that held their records' values wrote nothing: said apart, when there are any
      const { created, updated, unchanged } = fresh.counts;
      const counts = { created: created.toLocaleString('en-US'), updated: updated.toLocaleString('en-US'), unchanged: unchanged.toLocaleString('en-US') };
      Message.success(t(unchanged > 0 ? 'resourcePage.import.doneUnchanged' : 'resourcePage.import.done', counts));
      void queryClient.invalidateQueries({ queryKey: resourceKeys.lists(def.name) });
      onClose();
    }
  }, [fresh, job, latest, t, queryClient, def.name, onClose]);

  const fieldLabel = (name: string) => (name === 'department' || name === 'owner' ? t(`resourcePage.scope.${name}`) : (def.fields.find((f) => f.name === name)?.label[locale] ?? name));
  const fields = importFields(def);
  const matchFields = def.fields.filter((f) => f.unique);

  const reset = () => {
    abort.current?.abort();
    setJob(null);
    setEditing(false);
    setMapping([]);
    setMatchBy(null);
    setMappingErrors({});
    setFileError('');
    setUploading(null);
  };

  const choose = (file: File) => {
    const name = file.name.toLowerCase();
    if (!name.endsWith('.csv') && !name.endsWith('.xlsx')) setFileError(t('resourcePage.import.fileType'));
    else if (file.size > IMPORT_MAX_BYTES) setFileError(t('resourcePage.import.fileSize', { n: IMPORT_MAX_BYTES / 1024 / 1024 }));
    else {
      setFileError('');
      void send(file);
    }
    return false; // the dialog sends it, signed
  };

  const send = async (file: File) => {
    const controller = new AbortController();
    abort.current = controller;
    setUploading(0);
    try {
      const uploaded = await uploadImport(def, file, setUploading, controller.signal);
      setJob(uploaded);
      setEditing(true);
      // an unmatched column starts with no choice: the person maps or ignores it
      setMapping(uploaded.suggested.map((field, i) => (field === null && uploaded.unmatched.includes(i) ? undefined : field)));
      setMappingErrors({});
    } catch (error) {
      // the server's reason (a file it cannot read) under the drop zone, in the person's language
      if (isApiError(error)) setFileError(error.data.details && Array.isArray(error.data.details) ? (error.data.details[0]?.message ?? error.message) : error.message);
    } finally {
      setUploading(null);
      abort.current = null;
    }
  };

  const check = async () => {
    if (!job) return;
    const missing = mapping.flatMap((field, i) => (field === undefined ? [i] : []));
    if (missing.length > 0) {
      setMappingErrors(Object.fromEntries(missing.map((i) => [`mapping[${i}]`, t('resourcePage.import.pickOrIgnore')])));
      return;
    }
    setBusy(true);
    try {
      setMappingErrors({});
      setJob(await checkImport(def, job.id, { mapping: mapping as (string | null)[], matchBy }));
      setEditing(false);
      void latest.refetch();
    } catch (error) {
      if (isApiError(error) && error.key === 'VALIDATION_FAILED' && Array.isArray(error.data.details)) setMappingErrors(Object.fromEntries(error.data.details.map((d) => [d.path, d.message])));
    } finally {
      setBusy(false);
    }
  };

  const act = async (run: () => Promise<ImportJob>) => {
    setBusy(true);
    try {
      setJob(await run());
      void latest.refetch();
    } catch {
      // refused (409: another tab moved the import on): the import as it is now
      void latest.refetch();
    } finally {
      setBusy(false);
    }
  };

  const remap = () => {
    if (!current) return;
    setEditing(true);
    setMapping(current.mapping ?? current.suggested);
    setMatchBy(current.matchBy);
  };
  const close = () => onClose();
  const [fetchingTemplate, getTemplate] = useDownload(() => importTemplate(def));

  const footer = (() => {
    if (!current || status === 'cancelled' || status === 'done') return <Button onClick={close}>{t('common.cancel')}</Button>;
    if (status === 'checking' || status === 'writing')
      return (
        <>
          <Button onClick={close}>{t('resourcePage.import.background')}</Button>
          <Button status="danger" loading={busy} onClick={() => act(() => cancelImport(def, current.id))}>
            {t('resourcePage.import.cancel')}
          </Button>
        </>
      );
    if (status === 'uploaded')
      return (
        <>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={check}>
            {t('resourcePage.import.check')}
          </Button>
        </>
      );
    return (
      <>
        <Button onClick={reset}>{t('resourcePage.import.another')}</Button>
        <Button onClick={remap}>{t('resourcePage.import.remap')}</Button>
        {status === 'checked' && current.errorRows === 0 && current.counts.created + current.counts.updated > 0 && (
          <Button type="primary" loading={busy} onClick={() => act(() => commitImport(def, current.id))}>
            {t('resourcePage.import.commit', { n: (current.counts.created + current.counts.updated).toLocaleString('en-US') })}
          </Button>
        )}
      </>
    );
  })();

  return (
    <DialogModal title={t('resourcePage.import.title', { label: def.pluralLabel[locale] })} visible={visible} style={{ width: 760, maxWidth: '100%' }} onCancel={close} afterClose={reset} unmountOnExit footer={footer}>
      {!current && (
        <>
          <p className={styles.importHint}>
            {t('resourcePage.import.hint', { n: IMPORT_MAX_BYTES / 1024 / 1024 })}
            <Link className={styles.importTemplate} icon={<IconDownload />} disabled={fetchingTemplate} onClick={() => getTemplate()}>
              {t('resourcePage.import.template')}
            </Link>
          </p>
          <Upload drag accept={{ type: '.csv,.xlsx', strict: false }} autoUpload={false} showUploadList={false} beforeUpload={choose} disabled={uploading !== null}>
            <div className={styles.importDrop}>
              <IconUpload aria-hidden />
              <div>{t('resourcePage.import.drop')}</div>
            </div>
          </Upload>
          {uploading !== null && <Progress percent={uploading} className={styles.importProgress} />}
          {fileError && (
            <div role="alert" className={styles.importError}>
              {fileError}
            </div>
          )}
        </>
      )}
      {current && status === 'uploaded' && (
        <>
          <p className={styles.importHint}>{t('resourcePage.import.mappingHint', { file: current.fileName, rows: current.rows.toLocaleString('en-US') })}</p>
          {mappingErrors.mapping && (
            <Alert type="error" className={styles.importAlert} content={mappingErrors.mapping} />
          )}
          <Table<MappingRow>
            size="small"
            rowKey="index"
            pagination={false}
            // on a phone two columns, the first row's value under its column's name: the fields, the step's one
            // control, in sight without scrolling sideways
            scroll={mobile ? { y: 320 } : { x: 560, y: 320 }}
            data={current.columns.map((column, index) => ({ index, column, sample: current.preview[0]?.[index] ?? '' }))}
            columns={[
              ...(mobile
                ? [
                    {
                      title: t('resourcePage.import.column'),
                      dataIndex: 'column',
                      render: (column: string, row: MappingRow) => (
                        <>
                          <div>{column}</div>
                          {row.sample && <div className={styles.importSample}>{row.sample}</div>}
                        </>
                      ),
                    },
                  ]
                : [
                    { title: t('resourcePage.import.column'), dataIndex: 'column', width: 180 },
                    { title: t('resourcePage.import.sample'), dataIndex: 'sample', width: 180, ellipsis: true },
                  ]),
              {
                title: t('resourcePage.import.field'),
                dataIndex: 'index',
                render: (_: unknown, row: { index: number; column: string }) => {
                  const error = mappingErrors[`mapping[${row.index}]`];
                  const value = mapping[row.index];
                  return (
                    <div>
                      <Select
                        aria-label={t('resourcePage.import.fieldOf', { column: row.column })}
                        placeholder={t('resourcePage.select.placeholder')}
                        status={error ? 'error' : undefined}
                        value={value === undefined ? undefined : (value ?? '')}
                        onChange={(v: string) => {
                          setMapping(mapping.map((f, i) => (i === row.index ? (v === '' ? null : v) : f)));
                          setMappingErrors({ ...mappingErrors, [`mapping[${row.index}]`]: '' });
                        }}
                        options={[{ label: t('resourcePage.import.ignore'), value: '' }, ...fields.map((name) => ({ label: fieldLabel(name), value: name, disabled: mapping.includes(name) && value !== name }))]}
                      />
                      {error && (
                        <div role="alert" className={styles.importError}>
                          {error}
                        </div>
                      )}
                    </div>
                  );
                },
              },
            ]}
          />
          {matchFields.length > 0 && (
            <Space className={styles.importMatch} wrap>
              <span id={`import-match-${def.name}`}>{t('resourcePage.import.matchBy')}</span>
              <Select
                aria-labelledby={`import-match-${def.name}`}
                style={{ width: 260 }}
                value={matchBy ?? ''}
                onChange={(v: string) => setMatchBy(v === '' ? null : v)}
                options={[{ label: t('resourcePage.import.matchNone'), value: '' }, ...matchFields.map((f) => ({ label: t('resourcePage.import.matchField', { field: f.label[locale] }), value: f.name }))]}
              />
            </Space>
          )}
          {mappingErrors.matchBy && (
            <div role="alert" className={styles.importError}>
              {mappingErrors.matchBy}
            </div>
          )}
        </>
      )}
      {current && running(current) && (
        <div aria-live="polite">
          <p className={styles.importHint}>{t(status === 'checking' ? 'resourcePage.import.checking' : 'resourcePage.import.writing', { file: current.fileName })}</p>
          <Progress percent={Math.floor((current.progress.done / Math.max(current.progress.total, 1)) * 100)} className={styles.importProgress} />
          <p className={styles.importHint}>
            {t('resourcePage.import.progress', { done: current.progress.done.toLocaleString('en-US'), total: current.progress.total.toLocaleString('en-US') })}
          </p>
        </div>
      )}
      {current && status === 'checked' && current.errorRows === 0 && (
        <ReadyAlert counts={current.counts} />
      )}
      {current && (status === 'failed' || status === 'interrupted' || status === 'cancelled') && (
        <Alert type={status === 'cancelled' ? 'info' : 'error'} className={styles.importAlert} content={current.failure ?? t('resourcePage.import.cancelled')} />
      )}
      {current && (status === 'checked' || status === 'failed') && current.errorRows > 0 && (
        <>
          <Alert
            type="error"
            className={styles.importAlert}
            content={t(current.errorsCapped ? 'resourcePage.import.problemsCapped' : 'resourcePage.import.problems', { rows: current.errorRows.toLocaleString('en-US') })}
            action={
              <Button size="mini" onClick={() => void importReport(def, current.id).catch(() => undefined)}>
                {t('resourcePage.import.report')}
              </Button>
            }
          />
          <Table
            size="mini"
            rowKey={(row) => `${row.row}:${row.column}:${row.field}:${row.message}`}
            data={current.errors}
            pagination={false}
            scroll={{ y: 300 }}
            columns={[
              { title: t('resourcePage.import.row'), dataIndex: 'row', width: 80 },
              { title: t('resourcePage.import.column'), dataIndex: 'column', width: 160 },
              { title: t('resourcePage.import.problem'), dataIndex: 'message' },
            ]}
          />
        </>
      )}
    </DialogModal>
  );
}

/** What a passed check would write: the records to create and to update, and those the file holds as they are. */
function ReadyAlert({ counts }: { counts: ImportJob['counts'] }) {
  const t = useT();
  const n = { created: counts.created.toLocaleString('en-US'), updated: counts.updated.toLocaleString('en-US'), unchanged: counts.unchanged.toLocaleString('en-US') };
  if (counts.created + counts.updated === 0) return <Alert type="info" className={styles.importAlert} content={t('resourcePage.import.nothingToDo', n)} />;
  return <Alert type="success" className={styles.importAlert} content={t(counts.unchanged > 0 ? 'resourcePage.import.readyUnchanged' : 'resourcePage.import.ready', n)} />;
}
