export { createWorld, type CreateWorldOptions } from './create-world';
export { faultPlanFor, WORLD_CONDITION_MODES } from './fault-plan';
export { isPlaceholderValue, placeholderArguments } from './placeholder';
export { privilegedContext } from './privileged-context';
export { IdKinds, idKindsFor, idPrefix, type IdKindSources } from './id-kinds';
export { knownIdsFromTools } from './references';
export { KNOWN_ID_PATTERN } from '../spec/known-ids';
export { isCreateTool, isDeleteTool, isDestructiveTool, isReadTool, nameTokens, toolNoun } from './tool-names';
export type { World, WorldAnswer } from './world';
