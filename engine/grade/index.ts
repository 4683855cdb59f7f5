export * from './agreement';
export * from './conduct';
export * from './judges';
export * from './labels';
export {
  BEHAVIOR_SIGNATURE_CHARS,
  behaviorShape,
  behaviorSignature,
  type ArgumentProvenance,
  type BehaviorShape,
} from './behavior-signature';
