<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" name="gone" tilewidth="32" tileheight="32" tilecount="2" columns="2">
 <image source="no_such_image.png" width="64" height="32"/>
</tileset>
