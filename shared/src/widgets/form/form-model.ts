import type * as ContractModule from '@blogstream/shared/contract';
import { messages } from '@blogstream/shared/lib';
import type { FieldValues } from 'react-hook-form';
import type { input, output, ZodType } from 'zod';
import type * as Engine from './engine.js';
import type { FieldMessages } from './form-types.js';

export type Contract = typeof ContractModule;
/** A request schema of the contract: an object of named values. */
export type RequestSchema = ZodType<FieldValues, FieldValues>;
/** What the form holds: the request's values, plus a confirmation typed only here. */
export type FormValues<S extends RequestSchema, C extends string> = input<S> & Record<C, string>;
export type FieldName<V> = Extract<keyof V, string>;

export interface ContractFormOptions<S extends RequestSchema, C extends string = never> {
  /**
   * The contract's request schema this form sends: the only validator. Picked from the contract
   * when the form engine loads, so a page shows the form before zod arrives.
   */
  schema: (contract: Contract) => S;
  /** Every value of the request (and the confirmation), fields or not (the captcha token). */
  defaultValues: NoInfer<FormValues<S, C>>;
  /** Where the spec words a field's problems otherwise than the contract's defaults (engine.ts). */
  messages?: Partial<Record<FieldName<FormValues<S, C>>, FieldMessages>>;
  /** A value the reader types twice; not sent. */
  confirm?: { name: C; of: FieldName<input<S>>; message: string };
}

export interface FormSnapshot<V> {
  values: V;
  /** The problem of each field on screen that has one. */
  errors: Partial<Record<string, string>>;
  /** The form's one banner: a failed call, or the problem of a value with no field (captcha). */
  banner?: string | undefined;
  /** Submitting: loading the engine if need be, validating, waiting on the submit handler. */
  pending: boolean;
  /** Counts failed calls: single-use widgets (the captcha) remount on it. */
  attempt: number;
}

let engine: typeof Engine | undefined;
let loading: Promise<typeof Engine> | undefined;

/** Loads the engine (react-hook-form, resolver, contract) once; a failed load is tried again. */
function loadEngine(): Promise<typeof Engine> {
  // One chunk name for everything that brings the engine: where forms load lazily (the shell's
  // login dialog names its forms alike), forms and engine come as one chunk.
  loading ??= import(/* webpackChunkName: "forms" */ './engine.js').then(
    async (loaded) => {
      await loaded.loadContract();
      return (engine = loaded);
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

function logFormError(error: unknown): void {
  console.error(error);
}

/** Adds `name` to `names`; returns the undo. */
function track(names: Set<string>, name: string): () => void {
  names.add(name);
  return () => names.delete(name);
}

/**
 * One form, light: what is on screen and the state components render, through
 * useSyncExternalStore (contract-form.tsx). The engine binds it to a react-hook-form control
 * when it loads (engine.ts); until then inputs are uncontrolled, and react-hook-form takes what
 * the reader typed meanwhile. The engine's arrival renders nothing.
 */
export class FormModel<V extends FieldValues, Out> {
  readonly options: ContractFormOptions<RequestSchema, string>;
  /** Values with a field on screen: their problems show under them. */
  readonly fields = new Set<string>();
  readonly inputs = new Map<string, HTMLInputElement>();
  /** Values good for one call (a captcha token): emptied after each failed call. */
  readonly singleUse = new Set<string>();
  private snapshot: FormSnapshot<V>;
  private bound: Engine.BoundForm | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(options: ContractFormOptions<RequestSchema, string>) {
    this.options = options;
    this.snapshot = { values: options.defaultValues as V, errors: {}, pending: false, attempt: 0 };
    if (engine) this.bound = engine.bindForm(this);
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): FormSnapshot<V> => this.snapshot;

  /** What components render next (the engine's state, or the model's own before it). */
  show(change: Partial<FormSnapshot<FieldValues>>): void {
    this.snapshot = { ...this.snapshot, ...(change as Partial<FormSnapshot<V>>) };
    for (const listener of this.listeners) listener();
  }

  /** Loads the engine (on mount: the first form a page shows loads it). */
  start(): void {
    this.bind().catch(logFormError);
  }

  /** The input of field `name` (a ref callback's; returns the undo). */
  bindInput(name: string, input: HTMLInputElement): () => void {
    const removeField = this.addField(name);
    this.inputs.set(name, input);
    this.bound?.connect(name, input);
    return () => {
      this.bound?.disconnect(name);
      this.inputs.delete(name);
      removeField();
    };
  }

  /** A field without an input (a select) holds `name` (on mount; returns the undo). */
  addField(name: string): () => void {
    return track(this.fields, name);
  }

  addSingleUse(name: string): () => void {
    return track(this.singleUse, name);
  }

  setValue(name: string, value: unknown): void {
    if (this.bound) this.bound.setValue(name, value);
    else this.show({ values: { ...this.snapshot.values, [name]: value } });
  }

  /** A captcha solved (its token) or expired (null); solving it clears the banner (spec §4). */
  solved(name: string, token: string | null): void {
    this.setValue(name, token ?? '');
    if (token) this.bound?.clearProblems(name);
  }

  /**
   * After a failed call: shows `message` in the banner (none: nothing is said) and empties the
   * single-use values, whose widgets remount for a fresh one.
   */
  fail(message?: string): void {
    this.bound?.fail(message);
  }

  /**
   * Validates with the contract's schema (the last attempt's banner goes) and hands the parsed
   * request (trimmed, e-mail lower-cased) to `onValid`. Never rejects: what went wrong is logged
   * (and, when the engine could not load, the banner says there was an error).
   */
  async submit(onValid: (request: Out) => unknown): Promise<void> {
    this.show({ pending: true });
    try {
      const bound = await this.bind();
      await bound.submit((request) => onValid(request as Out));
    } catch (error) {
      if (!this.bound) this.show({ banner: messages.genericError });
      logFormError(error);
    }
    this.show({ pending: false });
  }

  private async bind(): Promise<Engine.BoundForm> {
    const loaded = await loadEngine();
    this.bound ??= loaded.bindForm(this);
    return this.bound;
  }
}

export type ContractFormModel<S extends RequestSchema, C extends string = never> = FormModel<
  FormValues<S, C>,
  output<S>
>;
