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

export function emailChangeConfirmationEmail(to: string, link: string): OutgoingMail {
  return {
    to,
    subject: 'Confirmez votre nouvelle adresse e-mail Carnet',
    text: [
      'Bonjour,',
      '',
      'Vous avez demandé à utiliser cette adresse pour votre compte Carnet.',
      'Pour confirmer ce changement, ouvrez le lien suivant :',
      '',
      link,
      '',
      'Ce lien est valable 3 jours et ne peut servir qu’une fois. Jusque-là, votre compte garde son adresse actuelle.',
      'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : l’adresse du compte reste inchangée.',
      '',
      'L’équipe Carnet',
    ].join('\n'),
  };
}

/** To the current address when another is requested: its owner can still stop the change. */
export function emailChangeNoticeEmail(to: string, newEmail: string): OutgoingMail {
  return {
    to,
    subject: 'Changement d’adresse e-mail de votre compte Carnet',
    text: [
      'Bonjour,',
      '',
      'Une demande de changement de l’adresse e-mail de votre compte Carnet a été faite.',
      `Nouvelle adresse demandée : ${newEmail}`,
      '',
      'Le changement ne prendra effet qu’après validation du lien envoyé à cette nouvelle adresse ; d’ici là, vous vous connectez toujours avec l’adresse actuelle.',
      'Si vous n’êtes pas à l’origine de cette demande, changez votre mot de passe sans attendre : le lien de confirmation cessera alors de fonctionner.',
      '',
      'L’équipe Carnet',
    ].join('\n'),
  };
}

/**
 * To the owner of an address someone tried to register again (issue 23, ASVS 6.3.7): the request
 * is answered as for a new address, and only the mailbox learns that the account exists.
 */
export function registrationAttemptEmail(to: string, loginUrl: string, resetUrl: string): OutgoingMail {
  return {
    to,
    subject: 'Tentative d’inscription sur Carnet avec votre adresse',
    text: [
      'Bonjour,',
      '',
      'Quelqu’un vient de demander la création d’un compte Carnet avec cette adresse e-mail. Un compte existe déjà avec cette adresse : aucun nouveau compte n’a été créé.',
      '',
      'Si c’était vous, connectez-vous avec votre compte existant :',
      loginUrl,
      '',
      'Mot de passe oublié ? Choisissez-en un nouveau ici (un compte jamais activé l’est du même coup) :',
      resetUrl,
      '',
      'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre compte n’a pas été modifié.',
      '',
      'L’équipe Carnet',
    ].join('\n'),
  };
}
