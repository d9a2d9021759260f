package shop

// The service desk's words (quotes, claims, e-mail), and the features a
// store may leave off: every message a client or a customer reads, in one
// place. The e-mails' own text is in the mail templates
// (internal/mail/templates).
const (
	MsgQuoteInvalid         = "The quote request is not valid."
	MsgQuotePricingInvalid  = "The prices are not valid."
	MsgQuoteNoun            = "The quote"
	MsgQuoteNotQuoted       = "The quote has no prices yet, so it cannot be accepted."
	MsgQuoteAccepted        = "The quote has already been accepted."
	MsgQuoteDeclined        = "The quote has been declined."
	MsgQuoteExpired         = "The quote expired on %s. Please ask for a new one."
	MsgQuoteBusy            = "The quote is being accepted right now."
	MsgQuoteRevised         = "The prices of this quote were revised since you opened it. Please check the new prices, then accept again."
	MsgQuotePricedMeanwhile = "The quote was priced by someone else while you were editing it."
	MsgQuoteOwnerOnly       = "Only the customer who asked for the quote may accept it."
	MsgQuoteProductGone     = "%s is no longer sold, so the quote cannot be accepted."
	MsgAcceptInvalid        = "The delivery details are not valid."

	MsgClaimInvalid      = "The claim is not valid."
	MsgClaimDecisionBad  = "The decision is not valid."
	MsgClaimNoun         = "The claim"
	MsgClaimNotShipped   = "Only a shipped order can be claimed: this one has not shipped yet."
	MsgClaimWindowClosed = "The 2-month replacement window of this order closed on %s."
	MsgClaimReplacement  = "A replacement order cannot itself be claimed."
	// Several claims per line (review finding 8): how many of its pieces
	// are left to claim.
	MsgClaimNoneLeft    = "No pieces of this line are left to claim: earlier claims cover all %d."
	MsgClaimNoneOf1     = "This line's one piece has been claimed already: none is left to claim."
	MsgClaimOneLeft     = "Only 1 of this line's %d pieces is left to claim."
	MsgClaimFewLeft     = "Only %d of this line's %d pieces are left to claim."
	MsgClaimDecided     = "The claim has already been decided."
	MsgClaimProductGone = "%s is no longer sold, so no replacement can be sent."
	MsgReplacementShort = "Only %d of %s left in stock: the replacement cannot be sent yet."
	MsgClaimBusy        = "The claim is being decided right now."
	FieldImageNotOurs   = "must be images uploaded to this store"
	FieldRequired       = "is required"
	FieldTooLong        = "is too long"
	FieldQuantityRange  = "must be a whole number from 1 to 1000000"
	FieldItemsRange     = "must list 1 to 20 products"
	FieldItemsRepeated  = "must not list a product twice"
	FieldItemsMustMatch = "must price every product of the quote, once each"
	FieldUnitPrice      = "must be a price above 0 with at most 2 decimals"
	FieldValidUntil     = "must be a date (YYYY-MM-DD) from today on"
	// Issue 48: a quote's freight line.
	FieldFreightPrice = "must be a price of 0 or more with at most 2 decimals"
	FieldClaimStatus  = "must be approved or rejected"
	FieldImagesCount  = "must be at most 5 pictures"
	// Issue 49: a claim names how many pieces of its line.
	FieldClaimQuantity     = "must be from 1 to %d, the pieces of this line"
	FieldApproveQuantity   = "must be from 1 to %d, the pieces claimed"
	MsgMailNotSentDisabled = "E-mail is not configured (SMTP_URL): kept, not sent."
)

// A feature that is not configured is absent (404), not broken: its route
// answers with one of these.
const (
	MsgGoogleOff   = "Google sign-in is not enabled on this store."
	MsgWebhooksOff = "Stripe webhooks are not enabled on this store."
)
