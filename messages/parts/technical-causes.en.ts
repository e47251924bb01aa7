/** Technical failures worded from their cause (server/contracts/technical-causes.ts), en. */
export const technicalCauses_en = {
  technicalCauses: {
    detail: "Technical detail",
    SMTP_UNREACHABLE: "The sending server (SMTP) does not answer at this address: check the server name and port, or that the server is running.",
    SMTP_TIMEOUT: "The sending server (SMTP) did not answer in time: check the port and that no firewall blocks the connection.",
    SMTP_AUTH_FAILED: "The sending server refused the user name or password: enter them again.",
    SMTP_TLS_FAILED: "The secure connection (TLS) with the sending server failed: check the port and the encryption option.",
    SMTP_REJECTED: "The sending server refused the message: check the sender address your provider allows.",
    MAIL_ACCOUNT_NOT_CONNECTED: "The mail account is not connected yet: click “Connect”.",
    MAIL_CONFIG_INCOMPLETE: "The configuration is incomplete: fill in every required field.",
    MAIL_PROVIDER_ERROR: "The sending provider returned an error.",
    WEBHOOK_TIMEOUT: "The receiving server did not answer within the time limit.",
    WEBHOOK_UNREACHABLE: "The receiving server cannot be reached: check the webhook's address.",
    WEBHOOK_TLS_FAILED: "The secure connection (HTTPS) with the receiving server failed: check its certificate.",
    WEBHOOK_ADDRESS_REFUSED: "This address is refused: webhooks reach public https addresses only.",
    WEBHOOK_REDIRECT: "The receiving server answered with a redirect ({status}), which is not followed: give the final address.",
    WEBHOOK_HTTP_CLIENT_ERROR: "The receiving server refused the request (status {status}): check the address and the signature check.",
    WEBHOOK_HTTP_SERVER_ERROR: "The receiving server failed (status {status}): another attempt will be made.",
    WEBHOOK_NOT_SENT: "Not sent: the webhook is inactive or the event no longer exists.",
    WEBHOOK_FAILED: "Sending to the receiving server failed.",
  },
} as const;
