<?xml version="1.0"?>
<!DOCTYPE tileset [<!ENTITY boom "boom">]>
<tileset name="&boom;" tilewidth="32" tileheight="32" tilecount="2" columns="2">
 <image source="../loader/ground.png" width="64" height="32"/>
</tileset>
