import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { asApiError, errorDetail } from '../../app/api';
import { contactIdentityErrors } from '../../../shared/contacts';
import { Alert } from '../../ui/alert';
import { Button, ButtonLink } from '../../ui/button';
import { Card } from '../../ui/card';
import { useConfirm } from '../../ui/confirm-dialog';
import { FormActions } from '../../ui/form-fields';
import { IconChevronLeft } from '../../ui/icons';
import { Page } from '../../ui/page';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast';
import {
  ContactFormFields,
  EMPTY_CONTACT_FORM,
  toContactForm,
  toContactPayload,
  type ContactFieldErrors,
  type ContactFormValues,
} from './components/contact-form-fields';
import { ContactRelatedPanel, type ContactRelatedPanelProps } from './components/contact-related-panel';
import {
  useCreateContactMutation,
  useDeleteContactMutation,
  useLazyGetContactRecurringInvoicesQuery,
  useGetContactQuery,
  useUpdateContactMutation,
} from './contacts.api';
import { CONTACT_MESSAGES, formatContactErrors } from './contacts-messages';

/** The messages of a 400 body for the fields the form shows (the banner lists them all). */
function fieldErrorsOf(data: unknown): ContactFieldErrors {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return {};
  const errors: ContactFieldErrors = {};
  for (const [field, messages] of Object.entries(data as Record<string, unknown>)) {
    if (field in EMPTY_CONTACT_FORM && Array.isArray(messages) && typeof messages[0] === 'string') {
      errors[field as keyof ContactFormValues] = messages.join(' ');
    }
  }
  return errors;
}

/** A route id that can be a contact id; anything else is a load error. */
function parseContactId(param: string): number | null {
  return /^[1-9]\d{0,9}$/.test(param) ? Number(param) : null;
}

const StyledLayout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xl};
  grid-template-columns: minmax(0, 1fr);
  align-items: start;

  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: minmax(0, 2fr) minmax(280px, 1fr);
  }
`;

const StyledForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.lg};
`;

const StyledDanger = styled.div`
  margin-right: auto;
`;

export interface ContactDetailPageProps {
  /** The contact's tasks block, from the tasks feature: the router composes the page (contacts does not import tasks). */
  TasksPanel: ContactRelatedPanelProps['TasksPanel'];
}

/** /contacts/new and /contacts/:id — SPEC 2 "Contact form", 5 and 8 "Contact". */
export function ContactDetailPage({ TasksPanel }: ContactDetailPageProps) {
  const { id: idParam } = useParams();
  const isNew = idParam === undefined;
  const contactId = isNew ? null : parseContactId(idParam);
  const navigate = useNavigate();
  const toast = useToast();
  const confirm = useConfirm();

  const { currentData: data, isLoading, isError } = useGetContactQuery(contactId ?? skipToken);
  const [createContact, { isLoading: creating }] = useCreateContactMutation();
  const [updateContact, { isLoading: updating }] = useUpdateContactMutation();
  const [deleteContact, { isLoading: deleting }] = useDeleteContactMutation();
  const [loadRecurring] = useLazyGetContactRecurringInvoicesQuery();

  const [values, setValues] = useState<ContactFormValues>(EMPTY_CONTACT_FORM);
  const [formError, setFormError] = useState<string | null>(null);
  const [nameInvalid, setNameInvalid] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<ContactFieldErrors>({});
  const nameRef = useRef<HTMLInputElement>(null);
  const leaving = useRef(false);

  const loadFailed = (!isNew && contactId === null) || isError;
  useEffect(() => {
    if (!loadFailed || leaving.current) return;
    leaving.current = true;
    toast.error(CONTACT_MESSAGES.loadError);
    navigate('/contacts', { replace: true });
  }, [loadFailed, toast, navigate]);

  useEffect(() => {
    if (data) setValues(toContactForm(data));
  }, [data]);

  // Another contact (or /contacts/new) starts from a clean form.
  useEffect(() => {
    setFormError(null);
    setNameInvalid(false);
    setFieldErrors({});
    if (isNew) setValues(EMPTY_CONTACT_FORM);
  }, [isNew, contactId]);

  const onChange = (field: keyof ContactFormValues, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    if (field === 'name' && value.trim()) setNameInvalid(false);
    // A changed field is checked again at the next save; another type of client changes which fields apply.
    setFieldErrors((previous) => {
      if (field === 'client_type') return {};
      if (!(field in previous)) return previous;
      const next = { ...previous };
      delete next[field];
      return next;
    });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    if (!values.name.trim()) {
      setNameInvalid(true);
      setFormError(CONTACT_MESSAGES.nameRequired);
      nameRef.current?.focus();
      return;
    }
    const body = toContactPayload(values);
    // The server's checks and messages (shared), before sending.
    const identityErrors = contactIdentityErrors(body);
    if (Object.keys(identityErrors).length) {
      setFieldErrors(identityErrors);
      setFormError(formatContactErrors(identityErrors));
      document.getElementsByName(Object.keys(identityErrors)[0])[0]?.focus();
      return;
    }
    setFieldErrors({});
    try {
      if (contactId === null) {
        const created = await createContact(body).unwrap();
        toast.success(CONTACT_MESSAGES.created);
        navigate(`/contacts/${created.id}`, { replace: true });
      } else {
        await updateContact({ id: contactId, body }).unwrap();
        toast.success(CONTACT_MESSAGES.updated);
      }
    } catch (err) {
      const data = asApiError(err)?.data;
      setFieldErrors(fieldErrorsOf(data));
      setFormError(formatContactErrors(data) ?? CONTACT_MESSAGES.saveError);
    }
  };

  const onDelete = async () => {
    if (contactId === null) return;
    setFormError(null);
    // Its recurring invoices are deleted with it (the server cascades): said before confirming.
    const recurring = await loadRecurring(contactId).unwrap().catch(() => []);
    const ok = await confirm({
      title: 'Supprimer le contact',
      message: recurring.length
        ? `${CONTACT_MESSAGES.deleteConfirm} ${CONTACT_MESSAGES.deleteRecurring(recurring.length)}`
        : CONTACT_MESSAGES.deleteConfirm,
      confirmLabel: 'Supprimer',
    });
    if (!ok) return;
    try {
      leaving.current = true;
      await deleteContact(contactId).unwrap();
      toast.success(CONTACT_MESSAGES.deleted);
      navigate('/contacts');
    } catch (err) {
      leaving.current = false;
      // A contact still client of a quote or invoice: the server says why (400 detail).
      setFormError(errorDetail(err) ?? CONTACT_MESSAGES.deleteError);
    }
  };

  const saving = creating || updating;
  const title = isNew ? 'Nouveau contact' : 'Modifier le contact';

  let content;
  if (!isNew && (isLoading || loadFailed) && !data) {
    content = <Spinner label="Chargement du contact..." />;
  } else {
    content = (
      <StyledLayout>
        <Card title="Informations">
          <StyledForm noValidate onSubmit={onSubmit} aria-label={title}>
            {formError && <Alert tone="error">{formError}</Alert>}
            <ContactFormFields
              values={values}
              onChange={onChange}
              errors={fieldErrors}
              nameInvalid={nameInvalid}
              nameRef={nameRef}
            />
            <FormActions>
              {!isNew && (
                <StyledDanger>
                  <Button variant="danger" onClick={onDelete} disabled={deleting} aria-busy={deleting || undefined}>
                    Supprimer
                  </Button>
                </StyledDanger>
              )}
              <ButtonLink to="/contacts">Annuler</ButtonLink>
              <Button type="submit" variant="primary" disabled={saving} aria-busy={saving || undefined}>
                {isNew ? 'Créer le contact' : 'Enregistrer'}
              </Button>
            </FormActions>
          </StyledForm>
        </Card>
        <ContactRelatedPanel contactId={contactId} TasksPanel={TasksPanel} />
      </StyledLayout>
    );
  }

  return (
    <Page
      title={title}
      documentTitle={data?.name || title}
      description={isNew ? undefined : data?.name}
      actions={
        <ButtonLink to="/dashboard" variant="ghost">
          <IconChevronLeft size={16} />
          Retour au tableau de bord
        </ButtonLink>
      }
    >
      {content}
    </Page>
  );
}
