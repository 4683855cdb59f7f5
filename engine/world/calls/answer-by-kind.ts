import { isCreateTool, isDeleteTool, isReadTool } from '../tool-names';
import { actOnEntity } from './act-on-entity';
import { createEntity } from './create-entity';
import { readEntity } from './read-entity';
import type { ToolCall, WorldParts, WorldResult } from './tool-call';
import { writeFile } from './write-file';

const FILE_MUTATION = /(write|edit|apply|patch|create_file|update_file|replace)/i;

/**
 * A call the world carries out, answered by what kind of tool it is: a file write, a create, then (once every
 * entity it names exists) a read, a delete or any other action.
 */
export function answerByKind(world: WorldParts, call: ToolCall): WorldResult {
  const { tool, kind, references } = call;
  if (kind === 'file' && (isCreateTool(tool) || FILE_MUTATION.test(tool))) return writeFile(world, call);
  if (isCreateTool(tool) && (kind === 'record' || kind === 'money')) return createEntity(world, call);
  const dangling = references.filter((reference) => !world.memory.exists(reference.value)).map((reference) => reference.value);
  if (dangling.length > 0) return { status: 'not_found', missing: dangling };
  if (isReadTool(tool)) return { status: 'ok', ...readEntity(world, call) };
  if (isDeleteTool(tool)) return deleteEntities(world, call);
  return actOnEntity(world, call);
}

function deleteEntities(world: WorldParts, { references }: ToolCall): WorldResult {
  for (const reference of references) world.memory.delete(reference.value);
  return { status: 'deleted', removed: references.map((reference) => reference.value) };
}
