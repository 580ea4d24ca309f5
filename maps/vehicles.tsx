<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="vehicles" tilewidth="128" tileheight="64" tilecount="8" columns="4" objectalignment="center">
 <image source="../assets/tiles/vehicles.png" width="512" height="128"/>
 <tile id="0" type="Unit">
  <properties>
   <property name="figures" value="rifle"/>
   <property name="side" propertytype="Side" value="regular"/>
   <property name="vehicle" propertytype="Vehicle" value="humvee"/>
  </properties>
 </tile>
 <tile id="1" type="Unit">
  <properties>
   <property name="figures" value="2 rifle"/>
   <property name="side" propertytype="Side" value="regular"/>
   <property name="vehicle" propertytype="Vehicle" value="gun_truck"/>
  </properties>
 </tile>
 <tile id="2" type="Unit">
  <properties>
   <property name="figures" value="2 rifle"/>
   <property name="side" propertytype="Side" value="regular"/>
   <property name="vehicle" propertytype="Vehicle" value="stryker"/>
  </properties>
 </tile>
 <tile id="3" type="Unit">
  <properties>
   <property name="figures" value="3 rifle"/>
   <property name="side" propertytype="Side" value="regular"/>
   <property name="vehicle" propertytype="Vehicle" value="lav25"/>
  </properties>
 </tile>
 <tile id="4" type="Unit">
  <properties>
   <property name="figures" value="4 rifle"/>
   <property name="side" propertytype="Side" value="regular"/>
   <property name="vehicle" propertytype="Vehicle" value="lvtp"/>
  </properties>
 </tile>
 <tile id="5" type="Unit">
  <properties>
   <property name="figures" value="3 rifle"/>
   <property name="side" propertytype="Side" value="regular"/>
   <property name="vehicle" propertytype="Vehicle" value="bradley"/>
  </properties>
 </tile>
 <tile id="6" type="Unit">
  <properties>
   <property name="figures" value="4 rifle"/>
   <property name="side" propertytype="Side" value="regular"/>
   <property name="vehicle" propertytype="Vehicle" value="tank"/>
  </properties>
 </tile>
 <tile id="7" type="Unit">
  <properties>
   <property name="figures" value="2 rifle"/>
   <property name="side" propertytype="Side" value="insurgent"/>
   <property name="vehicle" propertytype="Vehicle" value="technical"/>
  </properties>
 </tile>
</tileset>
