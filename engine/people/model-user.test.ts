import { describe, expect, it } from 'vitest';
import type { Message, Persona } from '../../shared/domain';
import { MockModelBackend } from '../models/__fixtures__/mock-backend';
import { ModelCallError } from '../models/model-call-error';
import { RunStopError } from '../models/run-stop-error';
import { ModelUser } from './model-user';
import { TemplateUser } from './template-user';
import { UserTurnError } from './user-turn-error';

const SPEC = 'compatible:qwen3@http://127.0.0.1:9/v1';
const persona: Persona = {
  stance: 'hurried',
  tags: ['texture:lowercase', 'tone:impatient', 'stance:hurried'],
  aside: 'You never bother with capital letters. You are in a hurry. You want it done soon.',
  patience: 'short',
};

function conversation(...agentLines: string[]): Message[] {
  const messages: Message[] = [{ role: 'user', content: 'need my refund for ORD-2207 now' }];
  agentLines.forEach((line, index) => {
    messages.push({ role: 'assistant', content: line });
    if (index < agentLines.length - 1) messages.push({ role: 'user', content: `answer ${index}` });
  });
  return messages;
}

describe('the simulated person on a model', () => {
  it('keeps one persona: the same prose instructions on every turn, never the labels', async () => {
    const backend = new MockModelBackend(SPEC, { text: 'its ORD-2207' });
    const user = new ModelUser(backend, { known_ids: ['ORD-9999'] });
    await user.reply({
      persona: { ...persona, patience: 'endless' },
      messages: conversation('Which order is it?'),
      user_turns: 1,
      rollout_key: '5:3',
    });
    await user.reply({
      persona: { ...persona, patience: 'endless' },
      messages: conversation('Which order is it?', 'Do you want the refund to your card?'),
      user_turns: 2,
      rollout_key: '5:3',
    });
    const [first, second] = backend.requests;
    expect(first!.system).toBe(second!.system);
    expect(first!.system).toContain(persona.aside);
    expect(first!.system).toContain('yours is ORD-2207');
    for (const label of persona.tags) expect(first!.system).not.toContain(label);
    expect(first!.temperature).toBe(0.475);
    expect(second!.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    expect(second!.messages.at(-1)).toEqual({ role: 'user', content: 'Do you want the refund to your card?' });
  });

  it('walks away exactly where the template user would, so seeded runs leave at the same turns', async () => {
    const backend = new MockModelBackend(SPEC, { text: 'fine' });
    const model = new ModelUser(backend);
    const template = new TemplateUser();
    const messages = conversation('Which order?', 'And the date?', 'And the amount?');
    for (let index = 0; index < 40; index++) {
      const request = { persona, messages, user_turns: 3, rollout_key: `1:${index}` };
      expect((await model.reply(request)).kind).toBe(template.replyNow(request).kind);
    }
    expect(
      (await model.reply({ persona, messages: conversation('What is your internal database id?'), user_turns: 1, rollout_key: '1:1' }))
        .kind,
    ).toBe('left');
  });

  it('strips reasoning markup and quotes from the line', async () => {
    const user = new ModelUser(new MockModelBackend(SPEC, { text: '<think>they want the id</think> "its ORD-2207"' }));
    expect(
      await user.reply({
        persona: { ...persona, patience: 'endless' },
        messages: conversation('Which order?'),
        user_turns: 1,
        rollout_key: 'k',
      }),
    ).toEqual({ kind: 'message', text: 'its ORD-2207' });
  });

  it('never makes a line up: a failed call is a user error, a refused key stops the run', async () => {
    const request = {
      persona: { ...persona, patience: 'endless' as const },
      messages: conversation('Which order?'),
      user_turns: 1,
      rollout_key: 'k',
    };
    const failing = new ModelUser(new MockModelBackend(SPEC, new ModelCallError('500 boom', { kind: 'server', spec: SPEC })));
    await expect(failing.reply(request)).rejects.toSatisfy(
      (error: unknown) => UserTurnError.isInstance(error) && (error as Error).message === '500 boom',
    );
    const empty = new ModelUser(new MockModelBackend(SPEC, { text: '   ' }));
    await expect(empty.reply(request)).rejects.toSatisfy(UserTurnError.isInstance);
    const refused = new ModelUser(new MockModelBackend(SPEC, new ModelCallError('401', { kind: 'auth', spec: SPEC })));
    await expect(refused.reply(request)).rejects.toSatisfy(
      (error: unknown) => RunStopError.isInstance(error) && error.stopped_because === 'user_auth_failed',
    );
  });
});
