/** Technical failures worded from their cause (server/contracts/technical-causes.ts), fr. */
export const technicalCauses_fr = {
  technicalCauses: {
    detail: "Détail technique",
    SMTP_UNREACHABLE: "Le serveur d'envoi (SMTP) ne répond pas à cette adresse\u202f: vérifiez le nom du serveur et le port, ou que le serveur est bien démarré.",
    SMTP_TIMEOUT: "Le serveur d'envoi (SMTP) n'a pas répondu à temps\u202f: vérifiez le port et qu'aucun pare-feu ne bloque la connexion.",
    SMTP_AUTH_FAILED: "Le serveur d'envoi a refusé l'identifiant ou le mot de passe\u202f: saisissez-les de nouveau.",
    SMTP_TLS_FAILED: "La connexion sécurisée (TLS) avec le serveur d'envoi a échoué\u202f: vérifiez le port et l'option de chiffrement.",
    SMTP_REJECTED: "Le serveur d'envoi a refusé le message\u202f: vérifiez l'adresse d'expéditeur autorisée par votre fournisseur.",
    MAIL_ACCOUNT_NOT_CONNECTED: "Le compte de messagerie n'est pas encore connecté\u202f: cliquez sur «\u202fConnecter\u202f».",
    MAIL_CONFIG_INCOMPLETE: "La configuration est incomplète\u202f: renseignez tous les champs demandés.",
    MAIL_PROVIDER_ERROR: "Le fournisseur d'envoi a renvoyé une erreur.",
    WEBHOOK_TIMEOUT: "Le serveur destinataire n'a pas répondu dans le délai imparti.",
    WEBHOOK_UNREACHABLE: "Le serveur destinataire est injoignable\u202f: vérifiez l'adresse du webhook.",
    WEBHOOK_TLS_FAILED: "La connexion sécurisée (HTTPS) avec le serveur destinataire a échoué\u202f: vérifiez son certificat.",
    WEBHOOK_ADDRESS_REFUSED: "Cette adresse est refusée\u202f: les webhooks ne joignent que des adresses publiques en https.",
    WEBHOOK_REDIRECT: "Le serveur destinataire a répondu par une redirection ({status}), qui n'est pas suivie\u202f: indiquez l'adresse finale.",
    WEBHOOK_HTTP_CLIENT_ERROR: "Le serveur destinataire a refusé la requête (code {status})\u202f: vérifiez l'adresse et la vérification de la signature.",
    WEBHOOK_HTTP_SERVER_ERROR: "Le serveur destinataire a rencontré une erreur (code {status})\u202f: un nouvel essai sera fait.",
    WEBHOOK_NOT_SENT: "Non envoyé\u202f: le webhook est désactivé ou l'événement n'existe plus.",
    WEBHOOK_FAILED: "L'envoi au serveur destinataire a échoué.",
  },
} as const;
