/** A form's renderer and its pure helpers (FormView.tsx says what each prop does). */
export { FormView, type FormViewProps } from './FormView';
export { answerText } from './answerText';
export {
  answersToSend,
  fieldError,
  fieldOfMessage,
  formErrors,
  visibleFields,
  type FormErrors,
  type FormFieldView,
  type FormValue,
  type FormValues,
} from './formAnswers';
