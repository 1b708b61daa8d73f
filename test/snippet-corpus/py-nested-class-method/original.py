from django.db import models


class Article(models.Model):
    title = models.CharField(max_length=200)
    body = models.TextField()
    published = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-published"]

    def __str__(self):
        return self.title

    def is_published(self):
        return self.published is not None
