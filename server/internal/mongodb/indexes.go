package mongodb

import (
	"context"
	"fmt"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"storefront/server/internal/mirror"
	"storefront/server/internal/shop"
)

// Every read a request path makes, with what serves it in each mode: with
// MONGODB_URI the MongoDB index (below, or _id_), in embedded mode the
// collection's mirror index ("id": the mirror's documents by _id) or tally
// (a sum the mirror keeps: mirror.Tally). No
// request path reads the embedded store by anything but _id, and there only
// the collections that are not mirrored (picture bytes, webhook events;
// older pictures' chunk ids are read into memory at start).
// TestQueries checks each pair: the mirror index exists, and MongoDB's plan
// uses the index, without a collection scan or an in-memory sort.
type query struct {
	path       string // who asks
	collection string
	filter     bson.D
	sort       bson.D
	index      string // MongoDB
	mirror     string // embedded
}

var (
	someID             = newID()
	csvRange, csvOrder = createdBetween(time.Now().AddDate(0, -1, 0), time.Now())
)

var queries = []query{
	{"GET /service (oldest and newest first)", CollProducts, bson.D{}, productSorts["-createdAt"].mongo, "catalogue_order", "createdAt"},
	{"GET /sitemap.xml: every product's stamp, in catalogue order (products.go)", CollProducts, bson.D{}, productSorts["createdAt"].mongo, "catalogue_order", "createdAt"},
	{"GET /service?sort=name", CollProducts, bson.D{}, productSorts["name"].mongo, "name_unique", "name"},
	{"GET /service?sort=price", CollProducts, bson.D{}, productSorts["-price"].mongo, "price_order", "price"},
	// Issue 35: the search and the filters. A ranked search reads its
	// matches by search_terms and ranks them (products.go): no sort.
	{"GET /service?q= (ranked: anchored prefixes of the search terms)", CollProducts, productFilter(searchQuery("bear", "")), nil, "search_terms", "searchTerms"},
	{"GET /service?q=&sort=price", CollProducts, productFilter(searchQuery("bear lathe", "price")), nil, "search_terms", "searchTerms"},
	{"GET /service?category=", CollProducts, productFilter(shop.ProductQuery{Category: "Lathes"}), productSorts["createdAt"].mongo, "category_order", "category"},
	{"GET /service?category=&inStock=true", CollProducts, productFilter(shop.ProductQuery{Category: "Lathes", InStock: true}), productSorts["-createdAt"].mongo, "category_order", "category"},
	{"GET /service?minPrice=&maxPrice=&sort=price", CollProducts, productFilter(priceQuery(100, 5000)), productSorts["price"].mongo, "price_order", "price"},
	{"GET /categories: every category by name", CollCategories, bson.D{}, byName, "name_unique", "name"},
	{"GET /shipping/methods, POST /checkout/preview: every shipping method by name", CollShipping, bson.D{}, byName, "shipping_name", "name"},
	{"GET /categories, DELETE /categories/{id}: a category's products, counted", CollProducts, bson.D{{Key: "category", Value: "Lathes"}}, nil, "category_order", "category"},
	{"POST /added, PUT /service/{id}: a category by name", CollCategories, bson.D{{Key: "name", Value: "Lathes"}}, nil, "name_unique", "name"},
	{"POST /added, PUT /service/{id}: the category renamed from the name the save checked (categories_recover.go)", CollCategories, formerlyNamed("Lathes"), nil, "category_former_names", "name"},
	{"start-up, sweep: category renames to finish (categories_recover.go)", CollCategories, renamedBefore(time.Now()), nil, "category_renamed", "name"},
	{"PATCH /categories/{id}: the category's products, rewritten", CollProducts, bson.D{{Key: "category", Value: "Lathes"}}, nil, "category_order", "category"},
	{"import: current products by SKU", CollProducts, bson.D{{Key: "sku", Value: bson.D{{Key: "$in", Value: bson.A{"LX-1", "PR-2"}}}}}, nil, "sku_unique", "sku"},
	{"GET /service?partOf= (documents.go): the products listing one as a part", CollProducts, bson.D{{Key: "parts", Value: someID}}, nil, "parts", "fittedWith"},
	{"GET /service?partOf= (documents.go): the products listing one as an accessory", CollProducts, bson.D{{Key: "accessories", Value: someID}}, nil, "accessories", "fittedWith"},
	{"start-up: products without search terms", CollProducts, bson.D{{Key: "searchTerms", Value: nil}}, nil, "search_terms", "id"},
	{"GET /service/{id}, POST /order, PUT /service/{id} (guarded by _id)", CollProducts, bson.D{{Key: "_id", Value: someID}, {Key: "avaialbequantit", Value: bson.D{{Key: "$gte", Value: 1}}}}, nil, "_id_", "id"},
	{"start-up: stock holds left by a crash (stock.go)", CollProducts, staleHolds(time.Now()), nil, "stock_holds", mirror.IndexHolds},
	{"start-up: cancels a crash interrupted (orders.go)", CollOrders, staleCancels(time.Now()), nil, "cancelling", mirror.IndexCancelling},
	{"start-up: claim approvals a crash interrupted (claims.go)", CollClaims, staleApprovals(time.Now()), nil, "approving", "createdAt"},
	{"start-up: claims' holds a crash left on their lines (claim_holds.go)", CollOrders, staleClaimHolds(time.Now()), nil, "claim_holds", "createdAt"},
	{"import: current products by name", CollProducts, bson.D{{Key: "name", Value: bson.D{{Key: "$in", Value: bson.A{"Lathe", "Press"}}}}}, nil, "name_unique", "name"},
	{"sign-in, sign-up, Make Admin: account by email", CollUsers, bson.D{{Key: "email", Value: "a@b.test"}}, nil, "email_unique", "email"},
	{"every signed-in call: account by id", CollUsers, bson.D{{Key: "_id", Value: someID}}, nil, "_id_", "id"},
	{"GET /user: accounts, oldest first", CollUsers, bson.D{}, bson.D{{Key: "createdAt", Value: 1}, {Key: "_id", Value: 1}}, "created_order", "createdAt"},
	{"GET /order?email=: My Order", CollOrders, bson.D{{Key: "email", Value: "a@b.test"}}, newestFirst, "customer_orders", "email,createdAt"},
	{"GET /orders: Manage Orders", CollOrders, bson.D{}, newestFirst, "newest_first", "createdAt"},
	{"GET /orders?status=unpaid|paid: Manage Orders by status", CollOrders, statusFilters["paid"], newestFirst, "status_newest_first", "status,createdAt"},
	{"GET /orders?status=shipped: Manage Orders, shipped", CollOrders, statusFilters["shipped"], newestFirst, "status_newest_first", "status,createdAt"},
	{"GET /admin/sales: orders paid in the period (sales.go; embedded, the mirror's sums)", CollOrders, paidSince(time.Now()), nil, "paid_at", mirror.TallySalesByPurchase},
	{"GET /admin/sales: orders not paid (embedded, the mirror's sum)", CollOrders, notPaid, nil, "status_newest_first", mirror.TallyUnpaid},
	{"GET /admin/orders.csv: orders created in a date range, oldest first", CollOrders, csvRange, csvOrder, "newest_first", "createdAt"},
	{"GET /admin/sales: the largest minimum order", CollProducts, bson.D{}, bson.D{{Key: "minimumquantity", Value: -1}}, "minimum_order", mirror.IndexUnbuyable},
	{"GET /admin/sales: products with less stock than that", CollProducts, belowStock(5), nil, "stock", mirror.IndexUnbuyable},
	{"start-up: orders without a number, oldest first (numbers.go)", CollOrders, unnumbered, oldestFirst, "unnumbered", "createdAt"},
	{"POST /order: the next order number", CollCounters, bson.D{{Key: "_id", Value: orderCounterID}}, nil, "_id_", ""},
	{"pay, ship, cancel: order by id (guarded)", CollOrders, bson.D{{Key: "_id", Value: someID}, {Key: "paid", Value: false}}, nil, "_id_", "id"},
	{"GET /profile?email=, POST /profile", CollProfiles, bson.D{{Key: "email", Value: "a@b.test"}}, nil, "email_unique", "email"},
	{"GET /reviews: the visible ones", CollReviews, visibleReviews, newestFirst, "status_newest_first", "status,createdAt"},
	{"GET /reviews?productId=: a product's visible ones", CollReviews, productReviews(someID), newestFirst, "product_newest_first", "productId,status,createdAt"},
	{"GET /admin/reviews?status=hidden|awaiting|visible", CollReviews, reviewFilters["hidden"], newestFirst, "status_newest_first", "status,createdAt"},
	{"GET /admin/reviews?status=all: every one not deleted", CollReviews, reviewFilters["all"], newestFirst, "newest_first", "createdAt"},
	{"PATCH, DELETE /reviews/{id}: review by id (guarded)", CollReviews, bson.D{{Key: "_id", Value: someID}, reviewFilters["all"][0]}, nil, "_id_", "id"},
	{"POST /reviews: a paid order of the product by the reviewer", CollOrders, paidOrderOf("a@b.test", someID), newestFirst, "customer_orders", "email,createdAt"},
	{"GET /contact: the inbox", CollContacts, bson.D{}, newestFirst, "newest_first", "createdAt"},
	{"POST /upload, import: picture by digest", collImageFiles, bson.D{{Key: "metadata.sha256", Value: "00"}}, nil, "sha256_unique", "sha256"},
	{"GET /images/{id}: the picture", collImageFiles, bson.D{{Key: "_id", Value: someID}}, nil, "_id_", "id"},
	{"GET /images/{id}: its bytes", collImageChunks, bson.D{{Key: "_id", Value: someID}}, nil, "_id_", ""},
	{"GET /images/{id}: bytes of a picture stored before one-chunk pictures", collImageChunks, bson.D{{Key: "files_id", Value: someID}, {Key: "n", Value: bson.D{{Key: "$gte", Value: 0}}}}, bson.D{{Key: "n", Value: 1}}, "files_id_1_n_1", "legacy chunk ids"},
	{"test-mode payment: the order's intent", CollTestIntents, bson.D{{Key: "orderId", Value: "x"}, {Key: "amount", Value: 100}}, nil, "one_per_order_amount", "orderId,amount"},
	{"test-mode payment: intent by id (guarded)", CollTestIntents, bson.D{{Key: "_id", Value: "pi_x"}, {Key: "status", Value: "requires_payment_method"}}, nil, "_id_", "id"},
	{"POST /stripe/webhook: event seen", CollEvents, bson.D{{Key: "_id", Value: "evt_x"}}, nil, "_id_", ""},
	{"GET /quotes: My Quotes", CollQuotes, bson.D{{Key: "email", Value: "a@b.test"}}, newestFirst, "customer_quotes", "email,createdAt"},
	{"GET /quotes: every quote (admins)", CollQuotes, bson.D{}, newestFirst, "newest_first", "createdAt"},
	{"PATCH /quotes/{id}, accept, decline: quote by id (guarded)", CollQuotes, bson.D{{Key: "_id", Value: someID}, {Key: "status", Value: "quoted"}}, nil, "_id_", "id"},
	{"start-up: quotes whose acceptance a crash interrupted (quotes.go)", CollQuotes, staleAcceptances(time.Now()), nil, "accepting", "createdAt"},
	{"POST /quotes: the next quote number", CollCounters, bson.D{{Key: "_id", Value: quoteCounterID}}, nil, "_id_", ""},
	{"GET /claims: a customer's claims", CollClaims, bson.D{{Key: "email", Value: "a@b.test"}}, newestFirst, "customer_claims", "email,createdAt"},
	{"GET /claims: every claim (admins)", CollClaims, bson.D{}, newestFirst, "newest_first", "createdAt"},
	{"PATCH /claims/{id}: claim by id (guarded)", CollClaims, bson.D{{Key: "_id", Value: someID}, {Key: "status", Value: "requested"}}, nil, "_id_", "id"},
	{"POST /claims: the next claim number", CollCounters, bson.D{{Key: "_id", Value: claimCounterID}}, nil, "_id_", ""},
	{"GET /admin/outbox", CollOutbox, bson.D{}, newestFirst, "newest_first", "createdAt"},
	{"sender: pending e-mails due, soonest first", CollOutbox, dueMail("pending", time.Now()), soonestFirst, "status_next", "status,nextAt"},
	{"sender: sent e-mails past their keeping time", CollOutbox, dueMail("sent", time.Now()), soonestFirst, "status_next", "status,nextAt"},
	{"sender: claim, finish, delete an e-mail by id (guarded)", CollOutbox, bson.D{{Key: "_id", Value: someID}, {Key: "claim", Value: "x"}}, nil, "_id_", "id"},
	{"GET /admin/outbox, sender, digest: the e-mails whole, each by _id (the mirror holds no text or HTML)", CollOutbox, bson.D{{Key: "_id", Value: someID}}, nil, "_id_", "id"},
	{"GET /admin/outbox/{id}", CollOutbox, bson.D{{Key: "_id", Value: someID}}, nil, "_id_", "id"},
	{"POST /admin/outbox/{id}/retry (guarded)", CollOutbox, bson.D{{Key: "_id", Value: someID}, {Key: "status", Value: "failed"}}, nil, "_id_", "id"},
	{"digest: admins' notifications held for a digest now due", CollOutbox, dueMail("held", time.Now()), soonestFirst, "status_next", "status,nextAt"},
	{"GET /cancellations: a customer's cancelled orders (My Order)", CollCancellations, bson.D{{Key: "email", Value: "a@b.test"}}, newestCancelledFirst, "customer_cancellations", "email,cancelledAt"},
	{"GET /cancellations: every cancelled order (admins)", CollCancellations, bson.D{}, newestCancelledFirst, "newest_first", "cancelledAt"},
	{"cancel: the order's record by id (guarded by the cancel's marker)", CollCancellations, bson.D{{Key: "_id", Value: someID}, {Key: "cancel", Value: someID}}, nil, "_id_", "id"},
	{"DELETE /account: the customer's cancellation records", CollCancellations, bson.D{{Key: "email", Value: "a@b.test"}}, newestCancelledFirst, "customer_cancellations", "email,cancelledAt"},
	{"GET /groups/{id}, pay, cancel: order group by id (guarded)", CollGroups, bson.D{{Key: "_id", Value: someID}, {Key: "paid", Value: false}}, nil, "_id_", "id"},
	{"DELETE /account: the customer's order groups", CollGroups, bson.D{{Key: "email", Value: "a@b.test"}}, newestGroupsFirst, "customer_groups", "email,createdAt"},
	{"start-up, sweep: checkouts a crash left placing (groups_recover.go)", CollGroups, placingBefore(time.Now()), nil, "group_placing", "id"},
	{"start-up, sweep: group cancels a crash left unfinished (groups_recover.go)", CollGroups, cancellingBefore(time.Now()), nil, "group_cancelling", "id"},
	{"start-up, sweep: payments and shipments whose orders lag (groups_recover.go)", CollGroups, syncingBefore(time.Now()), nil, "group_syncing", "id"},
	{"GET /groups?email=: My Orders by purchase", CollGroups, append(bson.D{{Key: "email", Value: "a@b.test"}}, listedGroups), newestGroupsFirst, "customer_groups", "email,createdAt"},
	{"GET /groups: Manage Orders by purchase", CollGroups, bson.D{listedGroups}, newestGroupsFirst, "newest_groups", "createdAt"},
	{"GET /groups?status=: Manage Orders by purchase and status", CollGroups, append(groupStatusFilters["paid"], listedGroups), newestGroupsFirst, "status_groups", "status,createdAt"},
	{"GET /groups?status=shipped", CollGroups, append(groupStatusFilters["shipped"], listedGroups), newestGroupsFirst, "status_groups", "status,createdAt"},
	{"POST /order, POST /checkout: the buyer's unpaid purchases (UNPAID_LIMIT)", CollGroups, append(bson.D{{Key: "email", Value: "a@b.test"}}, unsettledFilter()...), nil, "customer_groups", "email,unpaid"},
	{"sweep: purchases not paid in time (RESERVATION_TTL)", CollGroups, unsettledBefore(time.Now()), bson.D{{Key: "createdAt", Value: 1}, {Key: "_id", Value: 1}}, "unpaid_groups", "unpaid,createdAt"},
	// Issue 45: a company's purchases, and those awaiting approval.
	{"GET /companies/{id}/purchases: a company's purchases", CollGroups, companyGroupsFilter(someID, false), newestGroupsFirst, "company_groups", "companyId,createdAt"},
	{"GET /companies/{id}/purchases?awaitingApproval=true: those awaiting approval", CollGroups, companyGroupsFilter(someID, true), newestGroupsFirst, "company_groups", "companyId,awaitingApproval"},
	{"webhook, sweep: a payment intent this store made, by id", CollIntents, bson.D{{Key: "_id", Value: "pi_x"}}, nil, "_id_", "id"},
	{"sweep: payment intents not settled", CollIntents, openIntentsBefore(time.Now()), bson.D{{Key: "createdAt", Value: 1}, {Key: "_id", Value: 1}}, "open_intents", "open,createdAt"},
	{"DELETE /account: the customer's payment intents", CollIntents, bson.D{{Key: "email", Value: "a@b.test"}}, nil, "email", "id"},
	{"GET /cart, PUT /cart, DELETE /account: the customer's cart by _id (the e-mail)", CollCarts, bson.D{{Key: "_id", Value: "a@b.test"}}, nil, "_id_", "id"},
	{"GET /companies: every company (admins)", CollCompanies, bson.D{}, newestFirst, "newest_first", "createdAt"},
	{"GET /companies?status=: companies in one status (admins)", CollCompanies, bson.D{{Key: "status", Value: "pending"}}, newestFirst, "status_companies", "status,createdAt"},
	{"GET, PATCH /companies/{id} (guarded by _id)", CollCompanies, bson.D{{Key: "_id", Value: someID}, {Key: "status", Value: "pending"}}, nil, "_id_", "id"},
	{"GET /companies/{id}/statement, payments, reminders: a company's invoices on account", CollInvoices, bson.D{{Key: "companyId", Value: someID}}, companyInvoicesNewestFirst, "company_invoices", "company,number"},
	{"POST /checkout on account, cancel, payment: the company's credit (guarded by _id)", CollCompanies, bson.D{{Key: "_id", Value: someID}, {Key: "held.x", Value: bson.D{{Key: "$exists", Value: false}}}}, nil, "_id_", "id"},
	{"GET /companies/{id}: a company's members", CollMembers, bson.D{{Key: "company", Value: someID}}, oldestMembersFirst, "company_members", "company,joinedAt"},
	{"a caller's membership by _id (the e-mail)", CollMembers, bson.D{{Key: "_id", Value: "a@b.test"}, {Key: "company", Value: someID}}, nil, "_id_", "id"},
	{"POST /invitations/accept: the invitation by _id (its token's hash)", CollInvitations, bson.D{{Key: "_id", Value: "00"}}, nil, "_id_", "id"},
	{"contact message, new work (notify.go): the admins to tell, oldest first", CollUsers, adminUsers, bson.D{{Key: "role", Value: 1}, {Key: "createdAt", Value: 1}, {Key: "_id", Value: 1}}, "role_oldest_first", "role"},
	{"POST /auth/verify-email: account by its token's hash", CollUsers, bson.D{{Key: "verifyToken.hash", Value: "00"}}, nil, "verify_token", "verifyToken"},
	{"POST /auth/password/reset: account by its token's hash", CollUsers, bson.D{{Key: "resetToken.hash", Value: "00"}}, nil, "reset_token", "resetToken"},
	{"start-up: accounts whose deletion a crash interrupted (accounts.go)", CollUsers, beingDeleted(time.Now()), deletingFirst, "deleting", "createdAt"},
	{"POST /auth/login/mfa: account by its second step's hash", CollUsers, bson.D{{Key: "mfaLogin.hash", Value: "00"}}, nil, "mfa_login", "mfaLogin"},
	{"GET /admin/audit: the trail, newest first", CollAudit, bson.D{}, auditNewestFirst, "_id_", "seq"},
	{"GET /admin/audit?actor=", CollAudit, bson.D{{Key: "actorId", Value: "0123"}}, auditNewestFirst, "audit_actor", "seq"},
	{"GET /admin/audit?target=", CollAudit, bson.D{{Key: "targetId", Value: "0123"}}, auditNewestFirst, "audit_target", "seq"},
	{"every signed-in call: the session by id", CollSessions, bson.D{{Key: "_id", Value: "00"}}, nil, "_id_", "id"},
	{"GET /account/sessions, sign out everywhere: an account's sessions, newest first", CollSessions, bson.D{{Key: "userId", Value: someID}}, newestFirst, "user_sessions", "userId"},
	{"sweep: sessions idle too long", CollSessions, bson.D{{Key: "lastUsedAt", Value: bson.D{{Key: "$lt", Value: time.Now()}}}}, nil, "last_used", "id"},
	{"sweep: sessions begun too long ago", CollSessions, bson.D{{Key: "createdAt", Value: bson.D{{Key: "$lt", Value: time.Now()}}}}, nil, "created", "id"},
	{"DELETE /account: the customer's reviews", CollReviews, bson.D{{Key: "email", Value: "a@b.test"}}, nil, "email", "createdAt"},
	{"DELETE /account: the customer's test-mode payments", CollTestIntents, bson.D{{Key: "email", Value: "a@b.test"}}, nil, "email", "id"},
}

// indexes are declared here, next to the queries they serve, and created at
// start-up (creating an existing index is a no-op). On the embedded store
// only the unique ones are made, to enforce uniqueness (onlyUnique); its
// queries are served by the mirrors.
var indexes = map[string][]mongo.IndexModel{
	CollProducts: {
		{Keys: bson.D{{Key: "name", Value: 1}}, Options: options.Index().SetName("name_unique").SetUnique(true)},
		{Keys: bson.D{{Key: "createdAt", Value: 1}, {Key: "_id", Value: 1}}, Options: options.Index().SetName("catalogue_order")},
		{Keys: bson.D{{Key: "price", Value: 1}, {Key: "_id", Value: 1}}, Options: options.Index().SetName("price_order")},
		// Sparse: only products with holds (a crash between an order's
		// steps, or an order being placed right now) are in it.
		{Keys: bson.D{{Key: "stockHolds.at", Value: 1}}, Options: options.Index().SetName("stock_holds").SetSparse(true)},
		// the sales page's low-stock list (sales.go)
		{Keys: bson.D{{Key: "minimumquantity", Value: -1}}, Options: options.Index().SetName("minimum_order")},
		{Keys: bson.D{{Key: "avaialbequantit", Value: 1}}, Options: options.Index().SetName("stock")},
		// Issue 35. Unique where present: sparse (products without a SKU
		// have no sku field), which MongoDB and FerretDB v1.24 both make
		// (FerretDB has no partial indexes; its SQLite unique index lets
		// missing keys repeat).
		{Keys: bson.D{{Key: "sku", Value: 1}}, Options: options.Index().SetName("sku_unique").SetUnique(true).SetSparse(true)},
		// a category's products in catalogue order, and its count
		{Keys: bson.D{{Key: "category", Value: 1}, {Key: "createdAt", Value: 1}, {Key: "_id", Value: 1}}, Options: options.Index().SetName("category_order")},
		// the search: multikey, each word an anchored prefix (^word) of one
		// of the folded terms, which the index serves as a range
		{Keys: bson.D{{Key: "searchTerms", Value: 1}}, Options: options.Index().SetName("search_terms")},
		// issue 48: the machines a product is a part or an accessory of
		// (multikey; sparse: most products list none)
		{Keys: bson.D{{Key: "parts", Value: 1}}, Options: options.Index().SetName("parts").SetSparse(true)},
		{Keys: bson.D{{Key: "accessories", Value: 1}}, Options: options.Index().SetName("accessories").SetSparse(true)},
	},
	CollCategories: {
		{Keys: bson.D{{Key: "name", Value: 1}}, Options: options.Index().SetName("name_unique").SetUnique(true)},
		// Sparse: only categories renamed since the last recovery sweep.
		{Keys: bson.D{{Key: "formerNames", Value: 1}}, Options: options.Index().SetName("category_former_names").SetSparse(true)},
		{Keys: bson.D{{Key: "renamedAt", Value: 1}}, Options: options.Index().SetName("category_renamed").SetSparse(true)},
	},
	CollShipping: {
		{Keys: bson.D{{Key: "name", Value: 1}}, Options: options.Index().SetName("shipping_name")},
	},
	CollReviews: {
		{Keys: bson.D{{Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}, Options: options.Index().SetName("newest_first")},
		{Keys: bson.D{{Key: "email", Value: 1}}, Options: options.Index().SetName("email")},
		// the home page's visible reviews (no status) and the admins' lists by status
		{Keys: bson.D{{Key: "status", Value: 1}, {Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}, Options: options.Index().SetName("status_newest_first")},
		// a product's visible reviews (issue 48); sparse: reviews name a product only when chosen
		{Keys: bson.D{{Key: "productId", Value: 1}, {Key: "status", Value: 1}, {Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}},
			Options: options.Index().SetName("product_newest_first").SetSparse(true)},
	},
	CollUsers: {
		{Keys: bson.D{{Key: "email", Value: 1}}, Options: options.Index().SetName("email_unique").SetUnique(true)},
		{Keys: bson.D{{Key: "createdAt", Value: 1}, {Key: "_id", Value: 1}}, Options: options.Index().SetName("created_order")},
		// the admins, told of each contact message
		{Keys: bson.D{{Key: "role", Value: 1}, {Key: "createdAt", Value: 1}, {Key: "_id", Value: 1}}, Options: options.Index().SetName("role_oldest_first")},
		// Sparse: only accounts holding a mailed token, or being deleted.
		{Keys: bson.D{{Key: "verifyToken.hash", Value: 1}}, Options: options.Index().SetName("verify_token").SetSparse(true)},
		{Keys: bson.D{{Key: "resetToken.hash", Value: 1}}, Options: options.Index().SetName("reset_token").SetSparse(true)},
		{Keys: bson.D{{Key: "deletingAt", Value: 1}}, Options: options.Index().SetName("deleting").SetSparse(true)},
		// Sparse: only accounts in the middle of a sign-in's second step.
		{Keys: bson.D{{Key: "mfaLogin.hash", Value: 1}}, Options: options.Index().SetName("mfa_login").SetSparse(true)},
	},
	// The audit trail (issue 44): newest first by _id, filtered by actor,
	// action or target, or by date.
	CollAudit: {
		{Keys: bson.D{{Key: "actorId", Value: 1}, {Key: "_id", Value: -1}}, Options: options.Index().SetName("audit_actor")},
		{Keys: bson.D{{Key: "action", Value: 1}, {Key: "_id", Value: -1}}, Options: options.Index().SetName("audit_action")},
		{Keys: bson.D{{Key: "targetId", Value: 1}, {Key: "_id", Value: -1}}, Options: options.Index().SetName("audit_target")},
		{Keys: bson.D{{Key: "at", Value: 1}}, Options: options.Index().SetName("audit_at")},
	},
	// Sessions (issue 44): an account's, newest first; the sweep's by last use and start.
	CollSessions: {
		{Keys: bson.D{{Key: "userId", Value: 1}, {Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}, Options: options.Index().SetName("user_sessions")},
		{Keys: bson.D{{Key: "lastUsedAt", Value: 1}}, Options: options.Index().SetName("last_used")},
		{Keys: bson.D{{Key: "createdAt", Value: 1}}, Options: options.Index().SetName("created")},
	},
	CollProfiles: {
		{Keys: bson.D{{Key: "email", Value: 1}}, Options: options.Index().SetName("email_unique").SetUnique(true)},
	},
	CollOrders: {
		{Keys: bson.D{{Key: "email", Value: 1}, {Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}, Options: options.Index().SetName("customer_orders")},
		{Keys: bson.D{{Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}, Options: options.Index().SetName("newest_first")},
		{Keys: bson.D{{Key: "shipped", Value: 1}, {Key: "paid", Value: 1}, {Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}, Options: options.Index().SetName("status_newest_first")},
		// the sales figures: orders paid since a date (only paid orders have paidAt)
		{Keys: bson.D{{Key: "paidAt", Value: 1}}, Options: options.Index().SetName("paid_at").SetSparse(true)},
		// Orders without a number have none in the index (null): start-up
		// finds them oldest first without a scan.
		{Keys: bson.D{{Key: "number", Value: 1}, {Key: "createdAt", Value: 1}, {Key: "_id", Value: 1}}, Options: options.Index().SetName("unnumbered")},
		// Sparse: only orders being cancelled (or whose cancel a crash
		// interrupted) are in it.
		{Keys: bson.D{{Key: "cancellingAt", Value: 1}}, Options: options.Index().SetName("cancelling").SetSparse(true)},
		// Sparse: only lines with claims' holds (claim_holds.go).
		{Keys: bson.D{{Key: "claimed.holds.at", Value: 1}}, Options: options.Index().SetName("claim_holds").SetSparse(true)},
	},
	CollTestIntents: {
		{Keys: bson.D{{Key: "orderId", Value: 1}, {Key: "amount", Value: 1}}, Options: options.Index().SetName("one_per_order_amount").SetUnique(true)},
		// a deleted account's test-mode payments
		{Keys: bson.D{{Key: "email", Value: 1}}, Options: options.Index().SetName("email")},
	},
	CollContacts: {
		{Keys: bson.D{{Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}, Options: options.Index().SetName("newest_first")},
	},
	CollQuotes: {
		{Keys: bson.D{{Key: "email", Value: 1}, {Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}, Options: options.Index().SetName("customer_quotes")},
		{Keys: bson.D{{Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}, Options: options.Index().SetName("newest_first")},
		// Sparse: only quotes whose orders are being placed (or a crash
		// interrupted) are in it.
		{Keys: bson.D{{Key: "acceptingAt", Value: 1}}, Options: options.Index().SetName("accepting").SetSparse(true)},
	},
	CollClaims: {
		{Keys: bson.D{{Key: "email", Value: 1}, {Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}, Options: options.Index().SetName("customer_claims")},
		{Keys: bson.D{{Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}, Options: options.Index().SetName("newest_first")},
		// Sparse: only claims being approved (or whose approval a crash
		// interrupted) are in it.
		{Keys: bson.D{{Key: "approving.at", Value: 1}}, Options: options.Index().SetName("approving").SetSparse(true)},
	},
	// One record per cancelled order: its _id is the order's.
	CollCancellations: {
		{Keys: bson.D{{Key: "email", Value: 1}, {Key: "cancelledAt", Value: -1}, {Key: "_id", Value: -1}}, Options: options.Index().SetName("customer_cancellations")},
		{Keys: bson.D{{Key: "cancelledAt", Value: -1}, {Key: "_id", Value: -1}}, Options: options.Index().SetName("newest_first")},
	},
	// Issue 45: companies newest first, and by status; a company's members.
	CollCompanies: {
		{Keys: bson.D{{Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}, Options: options.Index().SetName("newest_first")},
		{Keys: bson.D{{Key: "status", Value: 1}, {Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}, Options: options.Index().SetName("status_companies")},
	},
	CollMembers: {
		{Keys: bson.D{{Key: "company", Value: 1}, {Key: "joinedAt", Value: 1}, {Key: "_id", Value: 1}}, Options: options.Index().SetName("company_members")},
	},
	// Review finding 5: a company's waiting invitations, a sender's of the
	// last hour, and an erasure's by address.
	CollInvitations: {
		{Keys: bson.D{{Key: "company", Value: 1}, {Key: "expiresAt", Value: 1}}, Options: options.Index().SetName("company_invitations")},
		{Keys: bson.D{{Key: "by", Value: 1}, {Key: "expiresAt", Value: 1}}, Options: options.Index().SetName("invitations_by")},
		{Keys: bson.D{{Key: "email", Value: 1}}, Options: options.Index().SetName("invitations_email")},
	},
	// Order groups (issue 34): a customer's, newest first.
	CollGroups: {
		{Keys: bson.D{{Key: "email", Value: 1}, {Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}, Options: options.Index().SetName("customer_groups")},
		// Sparse: only groups still placing, or being cancelled (or whose
		// checkout or cancel a crash interrupted).
		{Keys: bson.D{{Key: "placing", Value: 1}}, Options: options.Index().SetName("group_placing").SetSparse(true)},
		{Keys: bson.D{{Key: "cancellingAt", Value: 1}}, Options: options.Index().SetName("group_cancelling").SetSparse(true)},
		{Keys: bson.D{{Key: "syncingAt", Value: 1}}, Options: options.Index().SetName("group_syncing").SetSparse(true)},
		// Issue 43: lists by purchase, and the unpaid ones' expiry.
		{Keys: bson.D{{Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}, Options: options.Index().SetName("newest_groups")},
		{Keys: bson.D{{Key: "shipped", Value: 1}, {Key: "paid", Value: 1}, {Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}, Options: options.Index().SetName("status_groups")},
		{Keys: bson.D{{Key: "paid", Value: 1}, {Key: "shipped", Value: 1}, {Key: "createdAt", Value: 1}, {Key: "_id", Value: 1}}, Options: options.Index().SetName("unpaid_groups")},
		// Issue 45: a company's purchases (those awaiting approval among them).
		{Keys: bson.D{{Key: "companyId", Value: 1}, {Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}, Options: options.Index().SetName("company_groups")},
	},
	// Issue 43: the payment intents this store made.
	CollIntents: {
		{Keys: bson.D{{Key: "outcome", Value: 1}, {Key: "createdAt", Value: 1}, {Key: "_id", Value: 1}}, Options: options.Index().SetName("open_intents")},
		{Keys: bson.D{{Key: "email", Value: 1}}, Options: options.Index().SetName("email")},
	},
	CollOutbox: {
		{Keys: bson.D{{Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}, Options: options.Index().SetName("newest_first")},
		{Keys: bson.D{{Key: "status", Value: 1}, {Key: "nextAt", Value: 1}, {Key: "_id", Value: 1}}, Options: options.Index().SetName("status_next")},
	},
	// GridFS's own indexes (its spec's names), which the driver's uploader
	// made and mongofiles expects, and the digest that makes uploads
	// content-addressed.
	collImageFiles: {
		{Keys: bson.D{{Key: "filename", Value: 1}, {Key: "uploadDate", Value: 1}}, Options: options.Index().SetName("filename_1_uploadDate_1")},
		// Unique: two uploads of the same bytes at once (two instances)
		// store one picture. Sparse: pictures from before the digest have
		// none.
		{Keys: bson.D{{Key: "metadata.sha256", Value: 1}}, Options: options.Index().SetName("sha256_unique").SetUnique(true).SetSparse(true)},
	},
	collImageChunks: {
		{Keys: bson.D{{Key: "files_id", Value: 1}, {Key: "n", Value: 1}}, Options: options.Index().SetName("files_id_1_n_1").SetUnique(true)},
	},
}

// retiredIndexes were made by earlier versions; the ones above replace them
// (each sort now has its _id tiebreak in the index, so MongoDB never sorts
// in memory). Dropping one that is not there is a no-op.
var retiredIndexes = map[string][]string{
	CollProducts:   {"price"},
	CollOrders:     {"customer_newest_first"},
	collImageFiles: {"sha256"},       // not unique: sha256_unique replaces it
	CollUsers:      {"role"},         // role_oldest_first sorts the admins as the embedded store does
	CollClaims:     {"order_unique"}, // several claims per line, counted on the order (claim_holds.go)
}

// searchQuery and priceQuery are catalogue queries as GET /service reads
// them, for the table above.
func searchQuery(q, sort string) shop.ProductQuery {
	pq, _ := shop.ParseProductParams(shop.ProductParams{Q: q, Sort: sort})
	return pq
}

func priceQuery(min, max shop.Cents) shop.ProductQuery {
	return shop.ProductQuery{MinPrice: &min, MaxPrice: &max}
}

func (s *Store) createIndexes(ctx context.Context) error {
	for coll, names := range retiredIndexes {
		for _, name := range names {
			// Missing collection or index: nothing to drop.
			_ = s.db.Collection(coll).Indexes().DropOne(ctx, name)
		}
	}
	for coll, models := range indexes {
		if s.embedded != nil {
			var err error
			if models, err = s.onlyUnique(ctx, coll, models); err != nil {
				return err
			}
		}
		// One at a time: FerretDB v1.24 panics on a createIndexes command that
		// names several indexes which already exist (every restart).
		for _, m := range models {
			err := s.write(ctx, coll, func(ctx context.Context) error {
				_, err := s.db.Collection(coll).Indexes().CreateOne(ctx, m)
				return err
			})
			if err != nil && isDuplicate(err) {
				return s.duplicatesError(ctx, coll, m)
			}
			if err != nil {
				return fmt.Errorf("create indexes of %s: %w", coll, err)
			}
		}
	}
	return nil
}

// onlyUnique is, of an embedded collection's declared indexes, the unique
// ones: FerretDB v1.24's SQLite backend reads by _id alone (it pushes no
// other filter down) and the mirrors serve every query, so an index that
// enforces nothing only costs. Each is an SQLite index on an expression of
// the document, which every write of the document updates: a product had
// thirteen, so that the stock write of each order parsed the product and
// rewrote an index page thirteen times over (issue 46: 4,396 CPU-µs an
// order in BenchmarkScaleOrders with them, 3,574 without). The ones an
// earlier version made are dropped.
func (s *Store) onlyUnique(ctx context.Context, coll string, models []mongo.IndexModel) ([]mongo.IndexModel, error) {
	var keep []mongo.IndexModel
	drop := map[string]bool{}
	for _, m := range models {
		if IsUnique(m) {
			keep = append(keep, m)
		} else if name, ok := optionsName(m); ok {
			drop[name] = true
		}
	}
	if len(drop) == 0 {
		return keep, nil
	}
	specs, err := s.db.Collection(coll).Indexes().ListSpecifications(ctx)
	if err != nil {
		return nil, fmt.Errorf("list the indexes of %s: %w", coll, err)
	}
	for _, spec := range specs {
		if !drop[spec.Name] {
			continue
		}
		err := s.write(ctx, coll, func(ctx context.Context) error {
			return s.db.Collection(coll).Indexes().DropOne(ctx, spec.Name)
		})
		if err != nil {
			return nil, fmt.Errorf("drop the index %s of %s, which the embedded store does not use: %w", spec.Name, coll, err)
		}
	}
	return keep, nil
}

// duplicatesError names the documents that keep a unique index from being
// made (data from before the index, or written around it), so that whoever
// starts the server knows what to fix, rather than a driver error. It reads
// the keys of the whole collection once (FerretDB has no $push to group
// them): this runs only when the start fails.
func (s *Store) duplicatesError(ctx context.Context, coll string, m mongo.IndexModel) error {
	keys := m.Keys.(bson.D)
	name, _ := optionsName(m)
	projection := bson.D{{Key: "_id", Value: 1}}
	for _, k := range keys {
		projection = append(projection, bson.E{Key: k.Key, Value: 1})
	}
	cur, err := s.db.Collection(coll).Find(ctx, bson.D{}, options.Find().SetProjection(projection))
	var docs []bson.Raw
	if err == nil {
		err = cur.All(ctx, &docs)
	}
	if err != nil {
		return fmt.Errorf("the unique index %s of %s cannot be made: some documents share its keys %v, and reading them failed: %w", name, coll, keys, err)
	}
	groups := map[string][]string{}
	var order []string
	for _, d := range docs {
		var parts []string
		for _, k := range keys {
			v, err := d.LookupErr(strings.Split(k.Key, ".")...)
			if err != nil {
				parts = nil // without the key: outside a sparse index
				break
			}
			parts = append(parts, v.String())
		}
		if parts == nil {
			continue
		}
		key := strings.Join(parts, ", ")
		if _, seen := groups[key]; !seen {
			order = append(order, key)
		}
		groups[key] = append(groups[key], d.Lookup("_id").String())
	}
	var dups []string
	for _, key := range order {
		if ids := groups[key]; len(ids) > 1 && len(dups) < 20 {
			dups = append(dups, fmt.Sprintf("%s in %s", key, strings.Join(ids, ", ")))
		}
	}
	return fmt.Errorf("the unique index %s of %s cannot be made: these documents share what must be unique: %s. Keep one of each (rename, merge or delete the others), then start again",
		name, coll, strings.Join(dups, "; "))
}

// optionsName is the name an index model's options give it.
func optionsName(m mongo.IndexModel) (string, bool) {
	o := indexOptions(m)
	if o.Name == nil {
		return "", false
	}
	return *o.Name, true
}

// IsUnique reports whether the index model is unique.
func IsUnique(m mongo.IndexModel) bool {
	u := indexOptions(m).Unique
	return u != nil && *u
}

// indexOptions are the options an index model sets.
func indexOptions(m mongo.IndexModel) options.IndexOptions {
	var o options.IndexOptions
	if m.Options != nil {
		for _, set := range m.Options.List() {
			_ = set(&o)
		}
	}
	return o
}
