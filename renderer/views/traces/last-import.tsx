import { WarningsBanner } from '../../components/warnings-banner';
import { useTracesStore } from '../../stores/traces/store';

/** What the last import did, its own warnings above its counts (earlier imports' stay with their rows in the Imports table). */
export function LastImport() {
  const lastImport = useTracesStore((store) => store.lastImport);
  if (!lastImport) return null;
  return (
    <>
      <WarningsBanner warnings={lastImport.warnings} degraded={[]} label="Warnings of this import" />
      <p className={`import-done${lastImport.stored ? '' : ' is-unchanged'}`} role="status">
        {lastImport.message}
        {lastImport.stored && (
          <> Read from {lastImport.files.map((file) => `${file.file} (${file.format.replace('_', ' ')})`).join(', ')}.</>
        )}
      </p>
    </>
  );
}
