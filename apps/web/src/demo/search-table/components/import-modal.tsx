import { Alert, Button, Link, Message, Progress, Table, Upload } from '@arco-design/web-react';
import { IconDelete, IconFile, IconUpload } from '@arco-design/web-react/icon';
import { COLLECTION_IMPORT_MAX_BYTES, collectionImportColumns, type CollectionImportResult } from '@atrium/contracts/demo/search-table/calls';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { importCollections, collectionKeys } from '../api/search-table-queries';
import styles from '../search-table.module.css';
import { DialogModal } from '../../../components/dialog-modal';

/** Two example rows in the import format; made in the browser, no call. */
const SAMPLE_CSV = [collectionImportColumns.join(','), 'Spring picks,img,artificial,1200,online', '"Shorts, landscape",horizontalVideo,rules,800,offline'].join('\r\n');

function downloadSample() {
  const url = URL.createObjectURL(new Blob(['\uFEFF', SAMPLE_CSV, '\r\n'], { type: 'text/csv;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = 'collections-sample.csv';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** 批量导入 (admin): all or nothing on the server; every rejected row is listed with its reason. */
export function ImportModal({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<CollectionImportResult | null>(null);
  const abort = useRef<AbortController | null>(null);

  // Closing the dialog (or leaving the page) aborts an upload in flight.
  useEffect(() => () => abort.current?.abort(), []);

  const reset = () => {
    abort.current?.abort();
    setFile(null);
    setFileError('');
    setProgress(null);
    setResult(null);
  };

  const choose = (chosen: File) => {
    setResult(null);
    if (!chosen.name.toLowerCase().endsWith('.csv')) {
      setFile(null);
      setFileError(t('searchTable.import.fileType'));
    } else if (chosen.size > COLLECTION_IMPORT_MAX_BYTES) {
      setFile(null);
      setFileError(t('searchTable.import.fileSize'));
    } else {
      setFile(chosen);
      setFileError('');
    }
    return false; // never let Upload send it by itself
  };

  const submit = async () => {
    if (!file) return;
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    setResult(null);
    try {
      const answer = await importCollections(file, setProgress, controller.signal);
      if (answer.failed === 0) {
        Message.success(t('searchTable.import.success', { n: answer.imported }));
        void queryClient.invalidateQueries({ queryKey: collectionKeys.lists() });
        onClose();
      } else {
        setResult(answer);
      }
    } catch {
      // Unreadable files (400 / 413 / 415) are shown by the transport toast; the user may pick another.
    } finally {
      setProgress(null);
      abort.current = null;
    }
  };

  return (
    <DialogModal
      title={t('searchTable.import.title')}
      visible={visible}
      style={{ width: 560, maxWidth: '100%' }}
      onCancel={onClose}
      afterClose={reset}
      unmountOnExit
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" disabled={!file} loading={progress !== null} onClick={submit}>
            {t('searchTable.import.submit')}
          </Button>
        </>
      }
    >
      <p className={styles.importHint}>
        {t('searchTable.import.hint')}{' '}
        <Link onClick={downloadSample}>{t('searchTable.import.sample')}</Link>
      </p>
      <Upload
        drag
        // strict: false lets every file reach `choose`, which explains a rejection instead of ignoring it.
        accept={{ type: '.csv', strict: false }}
        autoUpload={false}
        showUploadList={false}
        beforeUpload={choose}
      >
        <div className={styles.dropZone}>
          <IconUpload className={styles.dropIcon} aria-hidden />
          <div>{t('searchTable.import.drop')}</div>
        </div>
      </Upload>
      {file && (
        <div className={styles.importFile}>
          <IconFile aria-hidden />
          <span>{file.name}</span>
          <Button size="mini" type="text" icon={<IconDelete />} aria-label={t('common.delete')} onClick={() => setFile(null)} />
        </div>
      )}
      {fileError && (
        <div role="alert" className={styles.importError}>
          {fileError}
        </div>
      )}
      {progress !== null && <Progress percent={progress} className={styles.importProgress} />}
      {result && result.failed > 0 && (
        <div className={styles.importResult}>
          <Alert type="error" content={t('searchTable.import.failed', { n: result.failed })} />
          <Table
            size="mini"
            rowKey={(row) => `${row.line}:${row.column}:${row.message}`}
            data={result.errors}
            pagination={false}
            scroll={{ y: 300 }}
            columns={[
              { title: t('searchTable.import.columns.line'), dataIndex: 'line', width: 80 },
              { title: t('searchTable.import.columns.column'), dataIndex: 'column', width: 120 },
              { title: t('searchTable.import.columns.message'), dataIndex: 'message' },
            ]}
          />
        </div>
      )}
    </DialogModal>
  );
}
