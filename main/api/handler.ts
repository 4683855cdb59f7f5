import type { Method, MethodOutput, MethodParsedInput } from '../../shared/api';
import type { AppContext } from '../services/app/app-context';

/** A thin handler: its input is already parsed with the contract; business rules live in services. */
export type Handler<M extends Method> = (context: AppContext, input: MethodParsedInput<M>) => MethodOutput<M> | Promise<MethodOutput<M>>;

/** The handlers of the methods whose names start with `prefix` (`runs.` etc.), one file per noun. */
export type HandlersOf<Prefix extends string> = { [M in Method as M extends `${Prefix}.${string}` ? M : never]: Handler<M> };
