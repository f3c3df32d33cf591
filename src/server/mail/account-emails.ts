import type { OutgoingMail } from './mailer';

export function activationEmail(to: string, link: string): OutgoingMail {
  return {
    to,
    subject: 'Activez votre compte Carnet',
    text: [
      'Bonjour,',
      '',
      'Merci de votre inscription sur Carnet.',
      'Pour activer votre compte, ouvrez le lien suivant :',
      '',
      link,
      '',
      'Ce lien est valable 7 jours et ne peut servir qu’une fois.',
      'Si vous n’êtes pas à l’origine de cette inscription, ignorez ce message.',
      '',
      'L’équipe Carnet',
    ].join('\n'),
  };
}

export function passwordResetEmail(to: string, link: string): OutgoingMail {
  return {
    to,
    subject: 'Réinitialisation de votre mot de passe Carnet',
    text: [
      'Bonjour,',
      '',
      'Une demande de réinitialisation du mot de passe de votre compte Carnet a été faite.',
      'Pour choisir un nouveau mot de passe, ouvrez le lien suivant :',
      '',
      link,
      '',
      'Ce lien est valable 3 jours et ne peut servir qu’une fois.',
      'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.',
      '',
      'L’équipe Carnet',
    ].join('\n'),
  };
}
