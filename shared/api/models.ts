import { z } from 'zod';
import { RoleModels } from '../domain/run';
import { Issue } from './result';

/** A key variable the app reads: the hosted providers', one compatible server's (`WAI_KEY_<HOST>_<PORT>`), or any compatible server's. */
export const KeyVariable = z
  .string()
  .regex(
    /^(OPENAI_API_KEY|ANTHROPIC_API_KEY|WAI_COMPATIBLE_API_KEY|WAI_KEY_[A-Z0-9_]{1,80})$/,
    'OPENAI_API_KEY, ANTHROPIC_API_KEY, WAI_COMPATIBLE_API_KEY or WAI_KEY_<HOST>_<PORT>',
  );

/** Where a key comes from. The value itself never crosses to the renderer. */
export const KeyStatus = z.object({ variable: z.string(), source: z.enum(['environment', 'stored', 'missing']) });
export type KeyStatus = z.infer<typeof KeyStatus>;

export const KeysOutput = z.object({
  keys: z.array(KeyStatus),
  /** e.g. Linux's plaintext safeStorage fallback; shown above the keys. */
  warnings: z.array(z.string()),
  /** Whether this mode can store keys (the desktop app); elsewhere keys come from the environment only. */
  can_store: z.boolean(),
});
export type KeysOutput = z.infer<typeof KeysOutput>;

/** What a run's models would do: spec problems and missing keys (errors, at `models.<role>`), then the run's notes. */
export const ModelsCheckOutput = z.object({
  issues: z.array(Issue),
  /** Codes the run would carry (`same_model`, `self_judged`). */
  degraded: z.array(z.string()),
  warnings: z.array(z.string()),
});
export type ModelsCheckOutput = z.infer<typeof ModelsCheckOutput>;

/** The `models.*` methods of the contract. */
export const modelsMethods = {
  'models.keys': { input: z.object({}).strict(), output: KeysOutput },
  /** Stores a key encrypted with the OS keychain (desktop only); the answer says where it comes from, never the value. */
  'models.setKey': {
    input: z.object({ variable: KeyVariable, value: z.string().min(1).max(1000) }).strict(),
    output: z.object({ key: KeyStatus, warnings: z.array(z.string()) }),
  },
  'models.deleteKey': { input: z.object({ variable: KeyVariable }).strict(), output: z.object({ deleted: z.boolean() }) },
  /** Checks the four roles' specs without calling any model: the colon form, a key for each hosted model, same_model. */
  'models.check': { input: z.object({ models: RoleModels }).strict(), output: ModelsCheckOutput },
} as const;
