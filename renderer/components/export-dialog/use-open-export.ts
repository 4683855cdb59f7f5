import { useCallback } from 'react';
import { useAppStore } from '../../stores/app/store';
import type { ExportSource } from '../../stores/export/source';
import { useExportStore } from '../../stores/export/store';

/** Opens the Export dialog for a source; its folder starts under the data folder (`exports/<run id>`). */
export function useOpenExport(): (source: ExportSource) => void {
  const open = useExportStore((store) => store.open);
  const dataDir = useAppStore((store) => store.info?.data_dir ?? null);
  return useCallback((source: ExportSource) => open(source, { dataDir }), [open, dataDir]);
}
