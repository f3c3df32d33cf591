import { useToast } from '../../../ui/toast';
import { QuickTaskForm, type QuickTaskValues } from '../../../workflow/quick-task-form';
import { useCreateTaskMutation } from '../../tasks';
import { CONTACT_TASK_MESSAGES } from '../contacts-messages';

export interface ContactQuickTaskFormProps {
  contactId: number;
}

/** The shared quick task form, creating the task linked to this contact. */
export function ContactQuickTaskForm({ contactId }: ContactQuickTaskFormProps) {
  const toast = useToast();
  const [createTask] = useCreateTaskMutation();
  const onCreate = async (values: QuickTaskValues) => {
    await createTask({ ...values, contact_ids: [contactId] }).unwrap();
    toast.success(CONTACT_TASK_MESSAGES.added);
  };
  return <QuickTaskForm onCreate={onCreate} errorMessage={CONTACT_TASK_MESSAGES.addError} />;
}
