package httpapi

import (
	"errors"
	"io"
	"mime"
	"net/http"
	"path/filepath"
	"time"

	"github.com/gin-gonic/gin"

	"storefront/server/internal/shop"
)

// addProduct answers POST /added with {acknowledged, insertedId}.
func (s *Server) addProduct(c *gin.Context) {
	var raw shop.RawProduct
	if err := decodeJSON(c, &raw); err != nil {
		s.fail(c, err)
		return
	}
	id, err := s.catalogue.AddProduct(c.Request.Context(), caller(c), raw)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{"acknowledged": true, "insertedId": id})
}

// editProduct answers PUT /service/{id}; an optional updatedAt (the value
// the admin's copy shows) makes the save conditional on it.
func (s *Server) editProduct(c *gin.Context) {
	var body struct {
		shop.RawProduct
		UpdatedAt *time.Time `json:"updatedAt"`
	}
	if err := decodeJSON(c, &body); err != nil {
		s.fail(c, err)
		return
	}
	res, err := s.catalogue.EditProduct(c.Request.Context(), caller(c), c.Param("id"), body.RawProduct, body.UpdatedAt)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.JSON(http.StatusOK, res)
}

// deleteProduct answers DELETE /deleteproduct/{id}.
func (s *Server) deleteProduct(c *gin.Context) {
	res, err := s.catalogue.DeleteProduct(c.Request.Context(), caller(c), c.Param("id"))
	if err != nil {
		s.fail(c, err)
		return
	}
	c.JSON(http.StatusOK, res)
}

// addReview answers POST /reviews.
func (s *Server) addReview(c *gin.Context) {
	var d shop.ReviewDraft
	if err := decodeJSON(c, &d); err != nil {
		s.fail(c, err)
		return
	}
	id, err := s.reviews.AddReview(c.Request.Context(), caller(c), d)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{"acknowledged": true, "insertedId": id})
}

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
	if err != nil {
		s.fail(c, err)
		return
	}
	c.JSON(http.StatusOK, res)
}

// maxUploadBody leaves room for the multipart framing around a 5 MB image.
const maxUploadBody = shop.MaxImageBytes + 64<<10

// upload answers POST /upload (multipart field `image`) with
// {success: true, data: {url}}.
func (s *Server) upload(c *gin.Context) {
	if mt, _, err := mime.ParseMediaType(c.GetHeader("Content-Type")); err != nil || mt != "multipart/form-data" {
		s.fail(c, shop.Errorf(shop.EUNSUPPORTED, "Send the image as multipart/form-data in the field \"image\"."))
		return
	}
	c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, maxUploadBody)
	file, header, err := c.Request.FormFile("image")
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			s.fail(c, shop.Errorf(shop.ETOOLARGE, "The image is larger than 5 MB."))
			return
		}
		s.fail(c, shop.Invalid("The upload is not valid.", map[string]string{"image": "Image is Required"}))
		return
	}
	defer file.Close()
	data, err := io.ReadAll(io.LimitReader(file, shop.MaxImageBytes+1))
	if err != nil {
		s.fail(c, shop.Errorf(shop.EINVALID, "The upload could not be read."))
		return
	}
	url, err := s.images.Upload(c.Request.Context(), caller(c), data, filepath.Base(header.Filename))
	if err != nil {
		s.fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{"success": true, "data": gin.H{"url": url}})
}
