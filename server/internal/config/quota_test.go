package config

import (
	"strings"
	"testing"
)

func TestLoad_UploadQuota(t *testing.T) {
	t.Parallel()
	c, err := Load(env(nil))
	if err != nil || c.UploadQuotaRequests != 0 || c.UploadQuotaMB != 0 {
		t.Fatalf("defaults (the server's): %+v %v", c, err)
	}
	c, err = Load(env(map[string]string{"UPLOAD_QUOTA_REQUESTS": "200", "UPLOAD_QUOTA_MB": " 500 "}))
	if err != nil || c.UploadQuotaRequests != 200 || c.UploadQuotaMB != 500 {
		t.Fatalf("set: %+v %v", c, err)
	}
	for _, bad := range []map[string]string{{"UPLOAD_QUOTA_REQUESTS": "0"}, {"UPLOAD_QUOTA_REQUESTS": "many"}, {"UPLOAD_QUOTA_MB": "4"}, {"UPLOAD_QUOTA_MB": "-1"}} {
		if _, err := Load(env(bad)); err == nil || !strings.Contains(err.Error(), "UPLOAD_QUOTA") {
			t.Errorf("%v: %v", bad, err)
		}
	}
}
