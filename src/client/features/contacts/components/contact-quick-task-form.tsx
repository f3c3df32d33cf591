import { useToast } from '../../../ui/toast';
import { QuickTaskForm, type QuickTaskValues } from '../../../workflow/quick-task-form';
import { useCreateContactTaskMutation, type ContactTaskInput } from '../contacts.api';
import { CONTACT_TASK_MESSAGES } from '../contacts-messages';

export interface ContactQuickTaskFormProps {
  contactId: number;
}

/** The shared quick task form, creating the task linked to this contact. */
export function ContactQuickTaskForm({ contactId }: ContactQuickTaskFormProps) {
  const toast = useToast();
  const [createTask] = useCreateContactTaskMutation();
  const onCreate = async (values: QuickTaskValues) => {
    await createTask({ ...values, status: values.status as ContactTaskInput['status'], contact_ids: [contactId] }).unwrap();
    toast.success(CONTACT_TASK_MESSAGES.added);
  };
  return <QuickTaskForm onCreate={onCreate} errorMessage={CONTACT_TASK_MESSAGES.addError} />;
}
