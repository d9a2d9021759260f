package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/shop"
)

// getProfile answers GET /profile?email= with a list of zero or one.
func (s *Server) getProfile(c *gin.Context) {
	list, err := s.profiles.Get(c.Request.Context(), caller(c), c.Query("email"))
	if err != nil {
		s.fail(c, err)
		return
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, list)
}

// saveProfile answers POST /profile; insertedId is the profile's id.
func (s *Server) saveProfile(c *gin.Context) {
	var d shop.ProfileDraft
	if err := decodeJSON(c, &d); err != nil {
		s.fail(c, err)
		return
	}
	prof, res, err := s.profiles.Save(c.Request.Context(), caller(c), d)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"acknowledged": true, "insertedId": prof.ID, "matchedCount": res.MatchedCount,
		"modifiedCount": res.ModifiedCount, "profile": prof})
}

// deleteProfile answers DELETE /deleteprofile/{id}.
func (s *Server) deleteProfile(c *gin.Context) {
	res, err := s.profiles.Delete(c.Request.Context(), caller(c), c.Param("id"))
	s.reply(c, http.StatusOK, res, err)
}

// maxUploadBody leaves room for the multipart framing around a 5 MB image.
