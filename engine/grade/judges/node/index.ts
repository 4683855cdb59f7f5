export { clockFromNode } from './clock';
export { commandJudge, type CommandJudgeOptions } from './command-judge';
export { loadModuleJudge, type ModuleJudgeOptions } from './module-judge';
