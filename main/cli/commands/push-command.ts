import type { Command } from 'commander';
import { pushFolder } from '../../services/hub/hub-push';
import { withContext } from '../cli-context';
import { foregroundControl, printWarnings } from '../export-output';

interface PushFlags {
  repo: string;
  public?: boolean;
  endpoint?: string;
}

export function registerPushCommand(program: Command): void {
  program
    .command('push')
    .description('push an exported folder to a Hugging Face dataset repository as one commit (token from HF_TOKEN)')
    .argument('<dir>', 'a folder written by `wai export` (data/<split>.jsonl and README.md)')
    .requiredOption('--repo <owner/name>', 'the dataset repository (created private if missing)')
    .option('--public', 'create the repository public (default private)')
    .option('--endpoint <url>', 'the Hub address (default $HF_ENDPOINT or https://huggingface.co)')
    .action((dir: string, flags: PushFlags) =>
      withContext(program, async (context) => {
        const { control, dispose } = foregroundControl();
        try {
          const result = await pushFolder(context, {
            folder: dir,
            repo_id: flags.repo,
            visibility: flags.public ? 'public' : 'private',
            endpoint: flags.endpoint,
            run_id: null,
            format: null,
            signal: control.signal,
            onProgress: (done, total) => control.progress(done, total, 'files uploaded'),
            // Said before the upload starts, so Ctrl-C can still stop it.
            onWarning: (warning) => printWarnings([warning]),
          });
          dispose();
          printWarnings(
            result.created ? [] : [`${result.repo_id} already existed: its visibility (${result.visibility}) was left as it is.`],
          );
          const lines = [
            `Pushed ${result.files.length} files to ${result.url} ` +
              `(${result.created ? `created ${result.visibility}` : 'existing repository'})`,
            `Commit ${result.commit}: load exactly this push with load_dataset("${result.repo_id}", split=..., ` +
              `revision="${result.commit}")`,
            ...Object.entries(result.delta).map(
              ([split, change]) => `  ${split}: ${change.n_rows} rows (+${change.added} -${change.removed})`,
            ),
          ];
          process.stdout.write(`${lines.join('\n')}\n`);
        } finally {
          dispose();
        }
      }),
    );
}
