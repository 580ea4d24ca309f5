<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="table" tilewidth="32" tileheight="32" tilecount="4" columns="4">
 <image source="table.png" width="128" height="32"/>
</tileset>
