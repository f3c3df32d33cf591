import type { ComponentType } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { CONTACT_FIELD_LABELS, contactIdentityErrors } from '@/shared/contacts';
import { Alert } from '@/client/ui/alert';
import { Button, ButtonLink } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { FormActions } from '@/client/ui/form-fields';
import { Page } from '@/client/ui/page';
import { Spinner } from '@/client/ui/spinner';
import { useRecordEditor } from '@/client/kit/use-record-editor';
import { useHashFocus } from '@/client/kit/use-hash-focus';
import { UnsavedChangesGuard } from '@/client/kit/unsaved-changes-guard';
import { BackLink } from '@/client/kit/back-link';
import {
  ContactFormFields,
  EMPTY_CONTACT_FORM,
  contactRateError,
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
  /** The contact's « Espace client » card, from the portal feature (issue 27), composed by the router too. */
  SpaceCard?: ComponentType<{ contactId: number }>;
}

/** The form's fields, in its order: where a refused check puts the focus. */
const CONTACT_FIELDS = Object.keys(EMPTY_CONTACT_FORM) as (keyof ContactFormValues)[];

/** A name first (SPEC 8), then the server's own checks and messages (shared), before sending. */
function validateContact(values: ContactFormValues): ContactFieldErrors {
  if (!values.name.trim()) return { name: CONTACT_MESSAGES.nameRequired };
  const errors: ContactFieldErrors = contactIdentityErrors(toContactPayload(values));
  const rate = contactRateError(values.hourly_rate);
  if (rate) errors.hourly_rate = rate;
  return errors;
}

/** /contacts/new and /contacts/:id — SPEC 2 "Contact form", 5 and 8 "Contact". */
export function ContactDetailPage({ TasksPanel, SpaceCard }: ContactDetailPageProps) {
  const { id } = useParams();
  // A new key per contact: another contact (or /contacts/new) starts from a clean form.
  return <ContactEditor key={id ?? 'new'} idParam={id} TasksPanel={TasksPanel} SpaceCard={SpaceCard} />;
}

interface ContactEditorProps extends ContactDetailPageProps {
  idParam: string | undefined;
}

/** A field of the contact form, by name. */
const contactField = (name: string) => document.getElementsByName(name)[0];

function ContactEditor({ idParam, TasksPanel, SpaceCard }: ContactEditorProps) {
  const isNew = idParam === undefined;
  const contactId = isNew ? null : parseContactId(idParam);

  const { currentData: data, isError } = useGetContactQuery(contactId ?? skipToken);
  const [createContact, { isLoading: creating }] = useCreateContactMutation();
  const [updateContact, { isLoading: updating }] = useUpdateContactMutation();
  const [deleteContact, { isLoading: deleting }] = useDeleteContactMutation();
  const [loadRecurring] = useLazyGetContactRecurringInvoicesQuery();

  const editor = useRecordEditor({
    load: isNew ? null : { data, failed: contactId === null || isError },
    newForm: () => EMPTY_CONTACT_FORM,
    toForm: toContactForm,
    leave: { message: CONTACT_MESSAGES.loadError, to: '/contacts', replace: true },
    validate: validateContact,
    focus: { fields: CONTACT_FIELDS, element: contactField },
    save: {
      send: (values) =>
        contactId === null
          ? createContact(toContactPayload(values)).unwrap()
          : updateContact({ id: contactId, body: toContactPayload(values) }).unwrap(),
      createdPath: contactId === null ? (created) => `/contacts/${created.id}` : undefined,
      replace: true,
      created: CONTACT_MESSAGES.created,
      updated: CONTACT_MESSAGES.updated,
      fields: CONTACT_FIELDS,
      labels: CONTACT_FIELD_LABELS,
    },
    remove: {
      confirm: async () => {
        // Its recurring invoices are deleted with it (the server cascades): said before confirming.
        const recurring = await loadRecurring(contactId ?? 0).unwrap().catch(() => []);
        return {
          title: 'Supprimer le contact',
          message: recurring.length
            ? `${CONTACT_MESSAGES.deleteConfirm} ${CONTACT_MESSAGES.deleteRecurring(recurring.length)}`
            : CONTACT_MESSAGES.deleteConfirm,
          confirmLabel: 'Supprimer',
        };
      },
      send: () => deleteContact(contactId ?? 0).unwrap(),
      deleted: CONTACT_MESSAGES.deleted,
      to: '/contacts',
      failed: CONTACT_MESSAGES.deleteError,
      // A contact still client of a quote or invoice: the server says why (400 detail), in the page.
      inline: true,
    },
  });
  const { form: values, errors, refusal } = editor;
  // '/contacts/12#siren': a refused issue's link to the missing field.
  useHashFocus(Boolean(values), contactField);

  const onChange = (field: keyof ContactFormValues, value: string) => {
    editor.update(field, value);
    // Another type of client changes which fields apply.
    if (field === 'client_type') editor.setErrors(null);
  };

  /** A refusal's messages, else what the checks found ('Le nom du contact est requis.' alone). */
  const banner = refusal
    ? refusal.messages.join(' | ') || CONTACT_MESSAGES.saveError
    : (errors?.name ?? formatContactErrors(errors));

  const saving = creating || updating;
  const title = isNew ? 'Nouveau contact' : 'Modifier le contact';

  let content;
  if (!values) {
    content = <Spinner label="Chargement du contact..." />;
  } else {
    content = (
      <StyledLayout>
        <Card title="Informations">
          <StyledForm noValidate onSubmit={editor.submit} aria-label={title}>
            {banner && <Alert tone="error">{banner}</Alert>}
            <ContactFormFields values={values} onChange={onChange} errors={errors ?? {}} />
            <FormActions>
              {!isNew && (
                <StyledDanger>
                  <Button variant="danger" onClick={editor.remove} disabled={deleting} aria-busy={deleting || undefined}>
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
        {SpaceCard && contactId !== null && <SpaceCard contactId={contactId} />}
        <ContactRelatedPanel contactId={contactId} TasksPanel={TasksPanel} />
        <UnsavedChangesGuard dirty={editor.dirty} />
      </StyledLayout>
    );
  }

  return (
    <Page
      title={title}
      documentTitle={data?.name || title}
      description={isNew ? undefined : data?.name}
      // SPEC: back to the dashboard; to the list when the user came from it (issue 28).
      actions={<BackLink fallback={{ to: '/dashboard', label: 'Retour au tableau de bord' }} />}
    >
      {content}
    </Page>
  );
}
