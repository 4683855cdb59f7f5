import type { AppInfo } from '../../../shared/api';

const MODE_WORDS: Readonly<Record<AppInfo['mode'], string>> = {
  desktop: 'Desktop app',
  browser: 'Browser mode (the same app served on 127.0.0.1)',
  cli: 'Command line',
};

/** Where the run store lives and how the app runs. */
export function DataSection({ info }: { info: AppInfo | null }) {
  return (
    <section className="settings-section" aria-labelledby="settings-data-title">
      <h2 id="settings-data-title" className="settings-section-title">
        Data
      </h2>
      {!info ? (
        <p className="settings-hint" role="status">
          Reading…
        </p>
      ) : (
        <dl className="settings-kv">
          <div>
            <dt>Mode</dt>
            <dd aria-label="Mode of this app">{MODE_WORDS[info.mode]}</dd>
          </div>
          <div>
            <dt>Data folder</dt>
            <dd>
              <code aria-label="Data folder path">{info.data_dir}</code>
            </dd>
          </div>
          <div>
            <dt>Run store</dt>
            <dd>
              <code>{info.database_path}</code> <span className="muted">schema {info.schema_version}</span>
            </dd>
          </div>
          <div>
            <dt>Version</dt>
            <dd>{info.version}</dd>
          </div>
        </dl>
      )}
      <p className="settings-hint">
        Set <code>WHILE_STUDIO_DATA_DIR</code> before starting to use another folder. Keys and tokens are never written to the run store,
        logs or exports.
      </p>
    </section>
  );
}
