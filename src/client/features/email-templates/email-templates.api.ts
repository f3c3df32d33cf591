import { api } from '@/client/app/api';
import type { EmailPreviewBody, EmailPreviewJson, EmailTemplateBody, EmailTemplateJson } from '@/shared/contracts/email-templates';
import type { EmailTemplateKind } from '@/shared/email-templates';

export type EmailTemplate = EmailTemplateJson;
export type EmailPreview = EmailPreviewJson;

/**
 * The user's e-mail templates (issue 28): the list (each kind, the built-in text flagged
 * `is_default`), saving one kind, going back to the built-in one, and the preview of a message
 * (a template being edited, or the text a document would be sent with).
 */
export const emailTemplatesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEmailTemplates: build.query<EmailTemplate[], void>({
      query: () => ({ url: 'email-templates/' }),
      providesTags: [{ type: 'EmailTemplate', id: 'LIST' }],
    }),
    saveEmailTemplate: build.mutation<EmailTemplate, { kind: EmailTemplateKind } & EmailTemplateBody>({
      query: ({ kind, subject, body }) => ({ url: `email-templates/${kind}/`, method: 'PUT', data: { subject, body } }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(replaceTemplate(data));
        } catch {
          // errors are shown by the page
        }
      },
    }),
    resetEmailTemplate: build.mutation<EmailTemplate, EmailTemplateKind>({
      query: (kind) => ({ url: `email-templates/${kind}/`, method: 'DELETE' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(replaceTemplate(data));
        } catch {
          // errors are shown by the page
        }
      },
    }),
    /** A mutation: a preview is asked for when needed (the send dialog opening), never cached. */
    previewEmail: build.mutation<EmailPreview, { kind: EmailTemplateKind } & EmailPreviewBody>({
      query: ({ kind, ...body }) => ({ url: `email-templates/${kind}/preview/`, method: 'POST', data: body }),
    }),
  }),
});

/** The server's answer written into the list's cache: the list is the only view of a template. */
const replaceTemplate = (template: EmailTemplate) =>
  emailTemplatesApi.util.updateQueryData('getEmailTemplates', undefined, (list) => {
    const index = list.findIndex((t) => t.kind === template.kind);
    if (index >= 0) list[index] = template;
  });

export const { useGetEmailTemplatesQuery, useSaveEmailTemplateMutation, useResetEmailTemplateMutation, usePreviewEmailMutation } =
  emailTemplatesApi;
