// @blogstream/shared/widgets/form: the one form primitive. Light on purpose (a page shows its
// form at once); react-hook-form, the resolver and the contract's schemas (zod) load with the
// first form a page mounts (engine.ts). docs/decisions/0017-forms-on-react-hook-form.md
export * from './contract-form.js';
export type {
  ContractFormModel,
  ContractFormOptions,
  FieldName,
  FormModel,
  FormSnapshot,
  FormValues,
  RequestSchema,
} from './form-model.js';
export type { FieldMessages } from './form-types.js';
