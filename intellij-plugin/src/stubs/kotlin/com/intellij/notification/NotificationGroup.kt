package com.intellij.notification

class NotificationGroup private constructor() {
    fun createNotification(content: String, type: NotificationType): Notification = TODO()
}
