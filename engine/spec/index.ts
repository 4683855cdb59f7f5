export { AxisOverrideError } from './axis-override-error';
export { DOMAIN_BANKS, bankByDomain } from './banks';
export type { BankEntity, BankKeyword, BankRule, BankTool, DomainBank, RuleTopic } from './banks';
export { behaviourRule, ruleTopic } from './sentence/behaviour-rule';
export { buildAxes, buildAxesReport, policyText, replaceAxis } from './build-axes';
export type { AxisSource, BuildAxesOptions, BuiltAxes } from './build-axes';
export { chooseBank, MIN_BANK_SCORE } from './sentence/choose-bank';
export type { BankChoice, BankScore } from './sentence/choose-bank';
export { draftSpec, MAX_SENTENCE_CHARS, OfflineSpecDrafter } from './draft-spec';
export { createModelDrafter, SpecDraft, specFromDraft } from './model-drafter';
export { KNOWN_ID_PATTERN, knownIdsIn, toolKnownIds } from './known-ids';
export { askNamesTool, contentWords, isBranchRule, policyMentions, stem } from './policy-mentions';
export { CLAUSE_MAX_CHARS, CLAUSE_MIN_CHARS, policySections, RULE_AXIS_CAP_GRID } from './policy-sections';
export type { PolicySections } from './policy-sections';
export { SpecDraftError } from './spec-draft-error';
export type { DraftOptions, DraftResult, SpecDrafter } from './spec-drafter';
export {
  DESTRUCTIVE_TOKENS,
  hasIdLikeParameters,
  ID_LIKE_KEY,
  idLikeParameters,
  nameTokens,
  READ_VERBS,
  TOOL_KINDS,
  toolKind,
  toolParts,
} from './tool-kinds';
export type { ToolKind, ToolParts } from './tool-kinds';
export { validateSpec } from './validate-spec';
export type { SpecIssue, SpecValidation } from './validate-spec';
export { parseSpecText, SpecFileError } from './parse-spec-text';
