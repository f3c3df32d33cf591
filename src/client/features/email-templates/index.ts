/** The e-mail templates feature's public surface: what other features may import. */
export { usePreviewEmailMutation, type EmailPreview } from './email-templates.api';
export { refusalOf, SendEmailDialog, type EditedEmail, type SendEmailDialogProps, type SendRefusal } from './send-email-dialog';
