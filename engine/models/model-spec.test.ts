import { describe, expect, it } from 'vitest';
import { parseModelSpec, parseRoleSpec, roleSpecLabel } from './model-spec';
import { ModelSpecError } from './model-spec-error';
import { modelFamily } from './model-family';
import { keyVariablesFor, serverKeyVariable } from './key-variable';

function refusal(text: string): string {
  try {
    parseModelSpec(text);
  } catch (error) {
    expect(ModelSpecError.isInstance(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error(`${text} parsed`);
}

describe('model spec strings', () => {
  it('reads the colon forms of the three providers', () => {
    expect(parseModelSpec('openai:gpt-4.1-mini')).toEqual({ provider: 'openai', model: 'gpt-4.1-mini', spec: 'openai:gpt-4.1-mini' });
    expect(parseModelSpec(' anthropic:claude-sonnet-4-5 ')).toEqual({
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      spec: 'anthropic:claude-sonnet-4-5',
    });
    expect(parseModelSpec('compatible:llama3.1:8b@http://localhost:11434/v1/')).toEqual({
      provider: 'compatible',
      model: 'llama3.1:8b',
      base_url: 'http://localhost:11434/v1',
      spec: 'compatible:llama3.1:8b@http://localhost:11434/v1',
    });
    expect(parseModelSpec('compatible:meta-llama/Llama-3.1-8B-Instruct@https://gpu.lan:8000/v1').model).toBe(
      'meta-llama/Llama-3.1-8B-Instruct',
    );
  });

  it('refuses the slash form with the colon form to write instead', () => {
    expect(refusal('openai/gpt-4.1-mini')).toContain('Write openai:gpt-4.1-mini');
    expect(refusal('anthropic/claude-sonnet-4-5')).toContain('Write anthropic:claude-sonnet-4-5');
    expect(refusal('meta-llama/Llama-3.1-8B')).toContain('compatible:meta-llama/Llama-3.1-8B@<base_url>');
  });

  it('refuses a bare model name, guessing its provider', () => {
    expect(refusal('gpt-4.1-mini')).toContain('write openai:gpt-4.1-mini');
    expect(refusal('claude-sonnet-4-5')).toContain('write anthropic:claude-sonnet-4-5');
    expect(refusal('qwen2.5-7b')).toContain('compatible:qwen2.5-7b@<base_url>');
  });

  it('asks a compatible spec for its base URL, and names unknown providers', () => {
    expect(refusal('compatible:llama3')).toContain('compatible:<model>@http://localhost:8000/v1');
    expect(refusal('google:gemini-2.5')).toMatch(/Unknown provider "google".*openai:<model>/);
  });

  it('knows which roles take demo, command and decision specs', () => {
    expect(parseRoleSpec('agent', undefined)).toEqual({ kind: 'offline' });
    expect(parseRoleSpec('judge', 'offline')).toEqual({ kind: 'offline' });
    expect(parseRoleSpec('agent', 'command:python3 agent.py')).toEqual({ kind: 'command', command: 'python3 agent.py' });
    expect(() => parseRoleSpec('simulator', 'demo')).toThrow(/built-in agent/);
    expect(() => parseRoleSpec('user_model', 'command:x')).toThrow(/only the agent/);
    expect(() => parseRoleSpec('agent', 'decision:openai:gpt-4.1')).toThrow(/cannot play the agent/);
    const decision = parseRoleSpec('judge', 'decision:compatible:jev@http://127.0.0.1:9/v1');
    expect(roleSpecLabel(decision)).toBe('decision:compatible:jev@http://127.0.0.1:9/v1');
  });
});

describe('model families and key variables', () => {
  it('groups models by lineage', () => {
    expect(modelFamily('openai:gpt-4.1-mini')).toBe('gpt');
    expect(modelFamily('openai:o3-mini')).toBe('gpt');
    expect(modelFamily('anthropic:claude-haiku-4-5')).toBe('claude');
    expect(modelFamily('compatible:Qwen/Qwen2.5-7B-Instruct@http://h:8000/v1')).toBe('qwen');
    expect(modelFamily('compatible:phi-4@http://h:8000/v1')).toBe('phi');
    expect(modelFamily('compatible:my-model@http://h:8000/v1')).toBeUndefined();
  });

  it('gives each compatible server its own key variable', () => {
    expect(serverKeyVariable('http://gpu-1.lan:8000/v1')).toBe('WAI_KEY_GPU_1_LAN_8000');
    expect(serverKeyVariable('https://api.together.xyz/v1')).toBe('WAI_KEY_API_TOGETHER_XYZ_443');
    expect(keyVariablesFor(parseModelSpec('compatible:m@http://127.0.0.1:8080/v1'))).toEqual([
      'WAI_KEY_127_0_0_1_8080',
      'WAI_COMPATIBLE_API_KEY',
    ]);
    expect(keyVariablesFor(parseModelSpec('openai:gpt-4.1'))).toEqual(['OPENAI_API_KEY']);
  });
});
