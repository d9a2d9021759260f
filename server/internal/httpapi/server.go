// Package httpapi is the HTTP API: Gin routes in public, customer and admin
// groups, problem documents for errors, and cached hot read paths.
package httpapi

import (
	"cmp"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/app"
	"storefront/server/internal/cache"
	"storefront/server/internal/ratelimit"
	"storefront/server/internal/shop"
)

// Config is what the API needs to know about its deployment.
type Config struct {
	PublicURL      string   // absolute base of this API, for image URLs
	CORSOrigins    []string // browser origins allowed to call the API
	PaymentMode    string   // "stripe" or "test"
	StripePubKey   string
	GoogleClientID string
	// The tax every order is charged (issue 34): TAX_RATE in hundredths of
	// a percent and TAX_LABEL, for the checkout's figures (GET /config).
	TaxRate  int64
	TaxLabel string
	// CacheTTL bounds how stale a cached answer may be; 0 when this process
	// is the only writer (embedded store) and its own writes invalidate.
	CacheTTL time.Duration
	// Limits are the sign-up and sign-in limits; zero fields take the
	// defaults below.
	Limits Limits
	// TrustedProxies are the networks (CIDRs or addresses) whose
	// X-Forwarded-For is believed: the load balancer in front of several
	// instances. Empty: the client is the connection's peer, and a
	// forwarded header is ignored.
	TrustedProxies []string
}

// Deps are the services the API calls; only they talk to the store.
type Deps struct {
	Health    *app.Health
	Accounts  *app.Accounts
	Catalogue *app.Catalogue
	Reviews   *app.Reviews
	Profiles  *app.Profiles
	Images    *app.Images
	Orders    *app.Orders
	Payments  *app.Payments
	Inbox     *app.Inbox
	Sales     *app.Sales
	Quotes    *app.Quotes
	Purchases *app.Purchases // issue 43: the purchase lifecycle (groups)
	Carts     *app.Carts     // issue 34: the account's cart
	Invoices  *app.Invoices  // issue 34: invoices
	Claims    *app.Claims
	Companies *app.Companies // issue 45
	Terms     *app.Terms     // issue 45: payment on account
	Outbox    *app.Outbox
	Audit     *app.Audit // issue 44: the audit trail
	// Issue 49: the address book.
	Addresses *app.Addresses
	// TaxExemptions: buying tax-exempt (issue 49).
	TaxExemptions *app.TaxExemptions
	// Issue 48: the shipping methods.
	Shipping *app.Shipping
	// Notifications: the admins' notification settings (issue 36).
	Notifications *app.Notifier
	Log           *slog.Logger
	// Observer hears every request and every refusal for a rate limit (the
	// metrics); nil hears nothing.
	Observer Observer
}

// Observer hears each request once it is answered: its method, its route
// template (c.FullPath: "/service/:id", never the raw path; "" when no
// route matched), its status and how long it took. It also hears requests
// refused by a rate limit, by the limit's name.
type Observer interface {
	// RequestStarted hears a request begin; ObserveRequest hears it end.
	RequestStarted()
	ObserveRequest(method, route string, status int, took time.Duration)
	RateLimited(limit string)
}

// Server holds the API's dependencies; Handler builds its routes.
type Server struct {
	cfg        Config
	status     *app.Health
	accounts   *app.Accounts
	catalogue  *app.Catalogue
	reviews    *app.Reviews
	profiles   *app.Profiles
	images     *app.Images
	orders     *app.Orders
	notify     *app.Notifier
	payments   *app.Payments
	inbox      *app.Inbox
	sales      *app.Sales
	quotes     *app.Quotes
	purchases  *app.Purchases // issue 43
	carts      *app.Carts     // issue 34
	invoices   *app.Invoices  // issue 34
	claims     *app.Claims
	companies  *app.Companies
	terms      *app.Terms
	outbox     *app.Outbox
	audit      *app.Audit
	addresses  *app.Addresses     // issue 49
	exemptions *app.TaxExemptions // issue 49
	shipping   *app.Shipping      // issue 48
	log        *slog.Logger
	observer   Observer
	answers    *answerCache
	imageBytes *cache.Cache[string, cachedImage]
	// issue 48: documents' bytes (documents.go)
	documentBytes *cache.Cache[string, cachedDocument]
	openapi       *answer // GET /openapi.json

	signUpPerClient  *ratelimit.Limiter
	loginPerClient   *ratelimit.Limiter
	loginGuesses     *ratelimit.Limiter // wrong passwords per (account, client address)
	loginPerAccount  *ratelimit.Limiter // wrong passwords per account, from anywhere
	loginMaxWait     time.Duration      // the longest a sign-in waits its turn on loginPerAccount
	cardPerClient    *ratelimit.Limiter
	contactPerClient *ratelimit.Limiter
	resetPerClient   *ratelimit.Limiter // password reset requests per client address
	resetPerAddress  *ratelimit.Limiter // and per e-mail address, account or not
	tokenPerClient   *ratelimit.Limiter // mailed links used (verification, reset) per client address
	resendPerAccount *ratelimit.Limiter // verification links sent again per account
	uploadsPerUser   *ratelimit.Limiter // upload requests per account
	uploadKiBPerUser *ratelimit.Limiter // uploaded kibibytes per account
	// Purchases placed (POST /order, POST /checkout, a quote accepted),
	// per account and per client address (ORDER_BURST, ORDER_INTERVAL).
	ordersPerAccount, ordersPerClient *ratelimit.Limiter
}

// Sign-up and sign-in limits (defaults of Config.Limits): a client address
// may sign up 10 times at once, then once every 5 minutes (each sign-up is a
// 19 MiB password hash and an account); it may try to sign in 20 times at
// once, then once every 15 s; it may guess one account's password wrong 5
// times, then once a minute. One account may take 20 wrong passwords from
// anywhere; beyond that, sign-ins to it line up one every 10 s (waiting at
// most 30 s, else 429), so that its owner still gets in while a guesser
// spread over many addresses is slowed down, not its victim locked out.
const (
	signUpClientBurst, signUpClientEvery = 10, 5 * time.Minute
	loginClientBurst, loginClientEvery   = 20, 15 * time.Second
	loginGuessBurst, loginGuessEvery     = 5, time.Minute
	loginAccountBurst, loginAccountEvery = 20, 10 * time.Second
	loginAccountMaxWait                  = 30 * time.Second
	// test-mode card attempts per client address
	cardClientBurst, cardClientEvery = 30, 5 * time.Second
	// contact messages per client address
	contactClientBurst, contactClientEvery = 5, time.Minute
	// Password reset requests: 5 per client address at once, then 1 a
	// minute; 3 per e-mail address, then 1 every 10 minutes. Mailed links
	// used (verify, reset): 20 per client address, then 1 every 15 s. A
	// verification link sent again: 3 per account, then 1 every 10 minutes.
	resetClientBurst, resetClientEvery   = 5, time.Minute
	resetAddressBurst, resetAddressEvery = 3, 10 * time.Minute
	tokenClientBurst, tokenClientEvery   = 20, 15 * time.Second
	resendBurst, resendEvery             = 3, 10 * time.Minute
	// Purchases placed (ORDER_BURST, ORDER_INTERVAL, issue 43): 60 per
	// account at once, then one a second; a client address (an office
	// behind one router) four times that. A buyer never meets them; a
	// script holding the stock is slowed, and UNPAID_LIMIT stops it.
	ordersAccountBurst, ordersAccountEvery = 60, time.Second
	ordersClientFactor                     = 4
	// The upload quota per account (UPLOAD_QUOTA_REQUESTS, UPLOAD_QUOTA_MB):
	// 50 requests and 100 MB a day, refilled evenly over the day.
	uploadRequestsPerDay = 50
	uploadMBPerDay       = 100
)

// PerDay is a quota of n a day as a rate: n at once, refilled evenly over
// the day.
func PerDay(n int) ratelimit.Rate {
	return ratelimit.Rate{Burst: n, Interval: 24 * time.Hour / time.Duration(n)}
}

// New returns an API server.
func New(cfg Config, d Deps) *Server {
	lim := cfg.Limits
	s := &Server{
		cfg:              cfg,
		status:           d.Health,
		accounts:         d.Accounts,
		catalogue:        d.Catalogue,
		reviews:          d.Reviews,
		profiles:         d.Profiles,
		images:           d.Images,
		orders:           d.Orders,
		payments:         d.Payments,
		inbox:            d.Inbox,
		sales:            d.Sales,
		quotes:           d.Quotes,
		purchases:        d.Purchases,
		carts:            d.Carts,
		invoices:         d.Invoices,
		claims:           d.Claims,
		companies:        d.Companies,
		terms:            d.Terms,
		outbox:           d.Outbox,
		audit:            d.Audit,
		addresses:        d.Addresses,
		exemptions:       d.TaxExemptions,
		shipping:         d.Shipping,
		notify:           d.Notifications,
		contactPerClient: ratelimit.New(contactClientBurst, contactClientEvery),
		cardPerClient:    ratelimit.New(cardClientBurst, cardClientEvery),
		log:              d.Log,
		observer:         d.Observer,
		answers:          newAnswerCache(cfg.CacheTTL, answerCacheBytes),
		imageBytes:       cache.New[string, cachedImage](imageCacheBytes),
		documentBytes:    cache.New[string, cachedDocument](documentCacheBytes),
		openapi:          openAPIAnswer(),
		signUpPerClient:  lim.limiter(lim.SignUp, ratelimit.Rate{Burst: signUpClientBurst, Interval: signUpClientEvery}),
		loginPerClient:   lim.limiter(lim.Login, ratelimit.Rate{Burst: loginClientBurst, Interval: loginClientEvery}),
		loginGuesses:     lim.limiter(lim.LoginGuesses, ratelimit.Rate{Burst: loginGuessBurst, Interval: loginGuessEvery}),
		loginPerAccount:  lim.limiter(lim.LoginAccount, ratelimit.Rate{Burst: loginAccountBurst, Interval: loginAccountEvery}),
		loginMaxWait:     cmp.Or(lim.LoginAccountMaxWait, loginAccountMaxWait),
		resetPerClient:   lim.limiter(ratelimit.Rate{}, ratelimit.Rate{Burst: resetClientBurst, Interval: resetClientEvery}),
		resetPerAddress:  lim.limiter(ratelimit.Rate{}, ratelimit.Rate{Burst: resetAddressBurst, Interval: resetAddressEvery}),
		tokenPerClient:   lim.limiter(ratelimit.Rate{}, ratelimit.Rate{Burst: tokenClientBurst, Interval: tokenClientEvery}),
		resendPerAccount: lim.limiter(ratelimit.Rate{}, ratelimit.Rate{Burst: resendBurst, Interval: resendEvery}),
		uploadsPerUser:   lim.limiter(lim.UploadRequests, PerDay(uploadRequestsPerDay)),
		uploadKiBPerUser: lim.limiter(lim.UploadKiB, PerDay(uploadMBPerDay<<10)),
		ordersPerAccount: lim.limiter(lim.Orders, ratelimit.Rate{Burst: ordersAccountBurst, Interval: ordersAccountEvery}),
		ordersPerClient:  lim.limiter(lim.Orders.Times(ordersClientFactor), ratelimit.Rate{Burst: ordersAccountBurst * ordersClientFactor, Interval: ordersAccountEvery / ordersClientFactor}),
	}
	if d.Images != nil {
		d.Images.Deleted = s.imageBytes.Remove // a swept picture is not served from memory either
	}
	return s
}

// Handler returns the router. Each route is registered in the group that
// states who may call it.
func (s *Server) Handler() http.Handler {
	r := gin.New()
	r.HandleMethodNotAllowed = true
	// Gin takes the client from X-Forwarded-For only when the peer is a
	// trusted proxy (config checked the entries), rightmost untrusted first.
	_ = r.SetTrustedProxies(s.cfg.TrustedProxies)
	r.RemoteIPHeaders = []string{"X-Forwarded-For"}
	r.Use(s.requestLog(), s.recoverPanic(), securityHeaders(), s.cors(), origin, s.audited)
	r.NoRoute(func(c *gin.Context) {
		writeProblem(c, http.StatusNotFound, shop.ENOTFOUND, "There is nothing at this address.", nil)
	})
	r.NoMethod(func(c *gin.Context) {
		writeProblem(c, http.StatusMethodNotAllowed, shop.EINVALID, "This method is not allowed here.", nil)
	})

	public := r.Group("")
	public.GET("/healthz", s.health)
	public.GET("/config", s.publicConfig)
	public.GET("/openapi.json", s.openAPI)
	public.GET("/service", s.listProducts)
	public.GET("/service/:id", s.getProduct)
	public.GET("/categories", s.listCategories)     // issue 35: categories
	public.GET("/prices", s.identify, s.listPrices) // issue 45: the caller's prices, signed in or not
	// issue 48: delivery options, and a purchase's figures before checkout
	// (a signed-in buyer's own: identified when a token is sent)
	public.GET("/shipping/methods", s.listShippingMethods)
	public.POST("/checkout/preview", s.identify, s.previewCheckout)
	public.GET("/reviews", s.listReviews)
	public.GET("/images/:id", s.getImage)
	public.GET("/documents/:id", s.getDocument) // issue 48
	public.POST("/auth/register", s.register)
	public.POST("/auth/login", s.login)
	public.POST("/auth/login/mfa", s.loginMFA) // issue 44: the second step
	public.POST("/auth/google", s.ifEnabled(s.accounts.GoogleEnabled(), shop.MsgGoogleOff, s.googleSignIn))
	public.POST("/auth/verify-email", s.verifyEmail)
	public.POST("/auth/password/forgot", s.forgotPassword)
	public.POST("/auth/password/reset", s.resetPassword)
	public.POST("/stripe/webhook", s.ifEnabled(s.payments.WebhooksEnabled(), shop.MsgWebhooksOff, s.stripeWebhook))
	public.POST("/payments/test/confirm", s.confirmTestCard)
	public.POST("/contact", s.sendMessage)

	customer := r.Group("", s.authenticate)
	customer.GET("/auth/me", s.me)
	customer.POST("/auth/verify-email/resend", s.resendVerification)
	customer.POST("/auth/password/change", s.changePassword)
	customer.POST("/auth/sign-out-everywhere", s.signOutEverywhere)
	customer.DELETE("/account", s.deleteAccount)
	// issue 44: two-step sign-in and sessions
	customer.POST("/account/mfa/totp", s.startTOTP)
	customer.POST("/account/mfa/totp/confirm", s.confirmTOTP)
	customer.DELETE("/account/mfa", s.disableMFA)
	customer.GET("/account/sessions", s.listSessions)
	customer.DELETE("/account/sessions/:id", s.endSession)
	customer.PUT("/user/:email", s.refreshUser)
	customer.GET("/admin/:email", s.adminStatus)
	customer.POST("/upload", s.upload)
	customer.POST("/reviews", s.addReview)
	customer.GET("/profile", s.getProfile)
	customer.POST("/profile", s.saveProfile)
	customer.DELETE("/deleteprofile/:id", s.deleteProfile)
	customer.POST("/order", s.ordersLimited, s.placeOrder)
	customer.GET("/order", s.customerOrders)
	customer.GET("/cancellations", s.listCancellations) // issue 36: cancelled orders
	customer.DELETE("/delete/:id", s.cancelOrder)
	customer.GET("/pay/:id", s.orderToPay)
	customer.POST("/create-payment-intent", s.createPaymentIntent)
	customer.PATCH("/pay/:id", s.confirmPaid)
	customer.POST("/quotes", s.requestQuote)
	customer.GET("/quotes", s.listQuotes)
	customer.POST("/quotes/:id/accept", s.ordersLimited, s.acceptQuote)
	customer.POST("/quotes/:id/decline", s.declineQuote)
	customer.POST("/claims", s.makeClaim)
	customer.GET("/claims", s.listClaims)
	// issue 34: order groups
	customer.POST("/checkout", s.ordersLimited, s.checkout)
	customer.GET("/groups", s.listGroups) // issue 43: purchases, paged by purchase
	customer.GET("/groups/:id", s.getGroup)
	customer.PATCH("/groups/:id/pay", s.payGroup)
	customer.DELETE("/groups/:id", s.cancelGroup)
	customer.GET("/cart", s.getCart)
	customer.PUT("/cart", s.putCart)
	customer.GET("/invoices/:number.pdf", s.getInvoice) // issue 34: the parameter is "12.pdf"
	// issue 45: companies
	customer.POST("/companies", s.applyForCompany)
	customer.GET("/companies", s.listCompanies)
	customer.GET("/companies/:id", s.getCompany)
	customer.POST("/companies/:id/invitations", s.inviteMember)
	customer.PATCH("/companies/:id/members/:email", s.updateMember)
	customer.DELETE("/companies/:id/members/:email", s.removeMember)
	customer.GET("/companies/:id/statement", s.companyStatement) // issue 45: payment on account
	customer.GET("/companies/:id/addresses", s.listCompanyAddresses)
	customer.GET("/companies/:id/quotes", s.companyQuotes)
	customer.POST("/companies/:id/addresses", s.addCompanyAddress)
	customer.PATCH("/companies/:id/addresses/:addressId", s.updateCompanyAddress)
	customer.DELETE("/companies/:id/addresses/:addressId", s.deleteCompanyAddress)
	customer.POST("/invitations/accept", s.acceptInvitation)
	customer.POST("/groups/:id/approve", s.approveGroup) // approvals: the buyer's company's approvers and admins
	customer.POST("/groups/:id/decline", s.declineGroup)
	customer.GET("/companies/:id/purchases", s.companyPurchases)
	// issue 49: the address book, quick order by SKU
	customer.GET("/addresses", s.listAddresses)
	customer.POST("/addresses", s.addAddress)
	customer.PATCH("/addresses/:id", s.updateAddress)
	customer.DELETE("/addresses/:id", s.deleteAddress)
	customer.GET("/account/tax-exemption", s.myTaxExemption)
	customer.POST("/account/tax-exemption", s.applyTaxExemption)
	customer.GET("/tax-exemptions/:id/certificate", s.taxCertificate) // its buyer's, or any to an admin
	customer.POST("/cart/bulk", s.bulkCart)

	admin := r.Group("", s.authenticate, s.requireAdmin)
	admin.GET("/user", s.listUsers)
	admin.PUT("/user/admin/:email", s.makeAdmin)
	admin.PUT("/user/customer/:email", s.makeCustomer) // issue 36: roles
	admin.DELETE("/user/:id", s.deleteUser)
	// issue 44: an account's sessions and second factor; the audit trail
	admin.POST("/user/:email/sign-out", s.signOutUser)
	admin.POST("/user/:email/mfa/reset", s.resetUserMFA)
	admin.GET("/tax-exemptions", s.listTaxExemptions) // issue 49
	admin.PATCH("/tax-exemptions/:id", s.decideTaxExemption)
	admin.GET("/admin/audit", s.listAudit)
	admin.GET("/admin/audit.csv", s.exportAudit)
	admin.GET("/admin/audit/verify", s.verifyAudit)
	admin.POST("/added", s.addProduct)
	admin.PUT("/service/:id", s.editProduct)
	admin.DELETE("/deleteproduct/:id", s.deleteProduct)
	// issue 48: a product's documents
	admin.POST("/service/:id/documents", s.addDocument)
	admin.DELETE("/service/:id/documents/:docId", s.deleteDocument)
	// issue 35: categories
	admin.POST("/categories", s.addCategory)
	admin.PATCH("/categories/:id", s.renameCategory)
	admin.DELETE("/categories/:id", s.deleteCategory)
	admin.GET("/orders", s.allOrders)
	admin.PUT("/order/update/:id", s.shipOrder)
	admin.PUT("/groups/:id/ship", s.shipGroup) // issue 34
	// issue 48: shipping methods, a purchase's freight priced
	admin.POST("/shipping/methods", s.addShippingMethod)
	admin.PATCH("/shipping/methods/:id", s.updateShippingMethod)
	admin.DELETE("/shipping/methods/:id", s.deleteShippingMethod)
	admin.PUT("/groups/:id/freight", s.priceFreight)
	admin.GET("/contact", s.listMessages)
	admin.GET("/admin/sales", s.salesFigures)
	admin.GET("/admin/orders.csv", s.exportOrders)
	admin.PATCH("/contact/:id", s.markMessage)
	admin.DELETE("/contact/:id", s.deleteMessage)
	admin.PATCH("/quotes/:id", s.priceQuote)
	admin.PATCH("/claims/:id", s.decideClaim)
	admin.PATCH("/companies/:id", s.updateCompany) // issue 45
	admin.POST("/companies/:id/payments", s.recordAccountPayment)
	admin.GET("/admin/aging", s.agingReport)
	admin.GET("/admin/aging.csv", s.exportAging)
	admin.GET("/admin/outbox", s.listOutbox)
	// issue 36: an e-mail opened, and a failed one sent again
	admin.GET("/admin/outbox/:id", s.getMail)
	admin.POST("/admin/outbox/:id/retry", s.retryMail)
	// review moderation (issue 36)
	admin.GET("/admin/reviews", s.moderatedReviews)
	admin.PATCH("/reviews/:id", s.moderateReview)
	admin.DELETE("/reviews/:id", s.deleteReview)
	// issue 36: which notifications this admin receives
	admin.GET("/account/notifications", s.notificationSettings)
	admin.PUT("/account/notifications", s.setNotificationSettings)
	return r
}

// ifEnabled is h when its feature is configured; otherwise the route is
// absent: 404, its problem saying why (before any limit or body is read).
func (s *Server) ifEnabled(enabled bool, off string, h gin.HandlerFunc) gin.HandlerFunc {
	if enabled {
		return h
	}
	return func(c *gin.Context) { s.fail(c, &shop.Error{Code: shop.ENOTFOUND, Message: off}) }
}

func (s *Server) health(c *gin.Context) {
	if err := s.status.Check(c.Request.Context()); err != nil {
		s.fail(c, &shop.Error{Code: shop.EUNAVAILABLE, Message: "The database is not answering.", Cause: err})
		return
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, gin.H{"status": "ok"})
}

func (s *Server) publicConfig(c *gin.Context) {
	c.Header("Cache-Control", "no-cache")
	c.JSON(http.StatusOK, gin.H{
		"paymentProvider":      s.cfg.PaymentMode,
		"stripePublishableKey": s.cfg.StripePubKey,
		"googleClientId":       s.cfg.GoogleClientID,
		"taxRate":              float64(s.cfg.TaxRate) / 100,
		"taxLabel":             cmp.Or(s.cfg.TaxLabel, "Sales tax"),
		"adminMfa":             map[bool]string{true: shop.AdminMFARequired, false: shop.AdminMFAOptional}[s.accounts.MFARequired()],
	})
}
