package httpapi

// AuditedRoutes are the routes the audit trail records (its table), for
// the tests.
func AuditedRoutes() map[string]string {
	out := map[string]string{}
	for k, v := range auditedRoutes {
		out[k] = v.action
	}
	return out
}
